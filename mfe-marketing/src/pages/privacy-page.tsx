import { LegalPage } from '../components/legal-page';

/** /privacy */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p className="text-muted-foreground">This policy explains what data Coffer collects and how it is used.</p>
    </LegalPage>
  );
}
