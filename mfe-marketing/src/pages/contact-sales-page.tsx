import { Link } from '@coffer/web-core/router';
import { Building2, Clock, ShieldCheck } from 'lucide-react';
import { Card, CardContent } from '@coffer/ui';
import { StoreProvider } from '@coffer/web-core/store';
import { ContactSalesForm } from '../features/contact-sales/components/contact-sales-form';

const WHAT_TO_EXPECT = [
  { icon: Clock, text: 'A reply from our sales team within one business day.' },
  { icon: Building2, text: 'A plan sized to your business: storage beyond 5 TB, compliance add-ons (GDPR, HIPAA, ISO) and a dedicated account manager.' },
  { icon: ShieldCheck, text: 'Answers to your security and compliance questions before you commit.' },
];

/** /contact-sales */
export function ContactSalesPage() {
  return (
    <>
      <title>Contact Sales · Coffer</title>
      <div className="bg-gradient-to-b from-muted/60 to-background">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[2fr_3fr] lg:gap-16">
          <div>
            <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">Contact Sales</h1>
            <p className="mt-6 text-lg text-pretty text-muted-foreground">
              Tell us about your business and we will help you find the right plan, from a small team to an enterprise with custom storage and compliance needs.
            </p>
            <ul className="mt-10 flex flex-col gap-5">
              {WHAT_TO_EXPECT.map(({ icon: Icon, text }) => (
                <li key={text} className="flex gap-3">
                  <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-background shadow-xs ring-1 ring-border">
                    <Icon className="size-4" />
                  </span>
                  <span className="pt-1.5 text-sm">{text}</span>
                </li>
              ))}
            </ul>
            <p className="mt-10 text-sm text-muted-foreground">
              Already have an account?{' '}
              <Link to="/login" className="font-medium text-foreground underline underline-offset-4">
                Sign in
              </Link>
            </p>
          </div>
          <Card className="py-6 sm:py-8">
            <CardContent className="sm:px-8">
              {/* The one public marketing page that calls the API: it brings the store along. */}
              <StoreProvider>
                <ContactSalesForm />
              </StoreProvider>
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}
