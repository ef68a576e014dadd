import { Link } from 'react-router-dom';
import { Lock, Users, Zap, BadgeCheck, type LucideIcon } from 'lucide-react';
import { Button, Card, CardDescription, CardHeader, CardTitle } from '@coffer/ui';
import { PageHero } from '../components/page-hero';

const SELLING_POINTS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Lock, title: 'Enterprise Security', text: 'Encryption, password protection and expiring links keep company files safe.' },
  { icon: Users, title: 'Team Collaboration', text: 'Work together with granular access controls for every member of your team.' },
  { icon: Zap, title: 'Simple and Fast', text: 'Upload, organise and share in a few clicks, with nothing to install.' },
  { icon: BadgeCheck, title: 'Free 14-Day Trial', text: 'Then flat-rate pricing by storage tier, not per user.' },
];

/** / */
export function LandingPage() {
  return (
    <>
      <PageHero
        title="Secure File Storage Built for Business"
        lead="Simple, secure file storage and sharing for small-to-medium businesses. Store, organize, and collaborate with confidence."
      >
        <Button asChild size="lg">
          <Link to="/dashboard">Try Dashboard</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/login">Sign In</Link>
        </Button>
      </PageHero>

      <section aria-label="Why businesses choose Coffer" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SELLING_POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon aria-hidden className="mb-2 size-6" />
                  <CardTitle>{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
