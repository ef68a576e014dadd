import { LegalPage } from '../components/legal-page';

/** /terms */
export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <p className="text-muted-foreground">These terms govern your use of Coffer.</p>
    </LegalPage>
  );
}
