import { Link } from 'react-router-dom';
import { PageHero } from '../components/page-hero';

/** /contact-sales (the form comes with the contact requests API) */
export function ContactSalesPage() {
  return (
    <PageHero title="Contact Sales" lead="Tell us about your business and our team will get back to you.">
      <p className="text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-foreground underline underline-offset-4">
          Sign in
        </Link>
      </p>
    </PageHero>
  );
}
