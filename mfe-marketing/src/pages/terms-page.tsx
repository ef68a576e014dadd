import { Link } from '@coffer/web-core/router';
import { LegalPage, type LegalSection } from '../components/legal-page';
import { LEGAL_EMAIL } from '../config/company';

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <>
        <p>
          These Terms of Service (the “Terms”) form an agreement between you and Coffer (“Coffer”, “we”, “us”) and govern your access to and use of the Coffer
          website, applications and file storage and sharing services (together, the “Service”).
        </p>
        <p>
          By creating an account, starting a free trial or otherwise using the Service, you agree to these Terms. If you use the Service on behalf of a company
          or other organization, you confirm that you are authorized to accept these Terms on its behalf, and “you” refers to that organization. If you do not
          agree, do not use the Service.
        </p>
      </>
    ),
  },
  {
    id: 'use-of-service',
    title: 'Use of the Service',
    body: (
      <>
        <p>
          Coffer is a service for businesses. You may use it to store, organize and share files for your business’s legitimate purposes, in line with these
          Terms, your plan and all laws that apply to you.
        </p>
        <ul>
          <li>Each plan includes the storage and features described on our Pricing page; all plans include unlimited users.</li>
          <li>New accounts may start with a 14-day free trial. When the trial ends, continued use requires a paid plan.</li>
          <li>
            Paid plans are billed monthly in advance at a flat rate by storage tier. You may cancel at any time; the cancellation takes effect at the end of the
            current billing period.
          </li>
          <li>Account owners are responsible for the team members they invite and the roles they give them.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'account-security',
    title: 'Account Security',
    body: (
      <>
        <p>
          You must give accurate information when you create an account and keep it up to date. You are responsible for keeping your password confidential and
          for all activity that happens under your account.
        </p>
        <p>
          We strongly recommend turning on two-factor authentication. If you believe your account has been accessed without your permission, change your
          password and contact us immediately. We may suspend an account to protect you, other customers or the Service when we detect suspicious activity.
        </p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your Content',
    body: (
      <>
        <p>You keep all rights to the files and information you upload to Coffer (“Your Content”). We claim no ownership of it.</p>
        <p>
          You give us a limited licence to host, store, copy, transmit and display Your Content only as needed to provide the Service to you, for example to
          keep your files, create previews and deliver files you choose to share. This licence ends when Your Content is deleted from the Service.
        </p>
        <p>
          You are responsible for Your Content and confirm that you have the rights needed to store and share it. When you share a file, the recipients you
          choose can access it under the restrictions you set.
        </p>
      </>
    ),
  },
  {
    id: 'prohibited-activities',
    title: 'Prohibited Activities',
    body: (
      <>
        <p>You agree not to, and not to allow anyone else to:</p>
        <ul>
          <li>upload or share content that is unlawful, infringes anyone’s rights, or contains malware or other harmful code;</li>
          <li>use the Service to harass, defraud or send unsolicited communications to others;</li>
          <li>try to gain unauthorized access to the Service, other accounts, or the systems and networks connected to it;</li>
          <li>probe, scan or test the vulnerability of the Service, or get around its security or usage limits;</li>
          <li>interfere with or disrupt the Service, including by overloading it with automated requests;</li>
          <li>copy, resell or reverse engineer the Service, except where the law expressly allows it.</li>
        </ul>
        <p>We may remove content or suspend accounts that break these rules.</p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Service Availability',
    body: (
      <>
        <p>
          We work hard to keep Coffer available and your files safe, but we do not guarantee that the Service will be uninterrupted or error-free. We may carry
          out planned maintenance, which we try to schedule outside business hours and announce in advance where possible.
        </p>
        <p>
          We may change, add or remove features from time to time. If we make a change that materially reduces the features of your paid plan, we will tell you
          in advance.
        </p>
      </>
    ),
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of Liability',
    body: (
      <>
        <p>
          To the fullest extent permitted by law, Coffer will not be liable for any indirect, incidental, special, consequential or punitive damages, or for any
          loss of profits, revenue, data or business opportunities, arising out of or in connection with the Service or these Terms.
        </p>
        <p>
          <strong>
            Our total liability for any claim arising out of or relating to the Service or these Terms is limited to the amount you paid us for the Service in
            the 12 months before the event giving rise to the claim.
          </strong>
        </p>
        <p>Nothing in these Terms limits liability that cannot be limited under applicable law.</p>
      </>
    ),
  },
  {
    id: 'modifications',
    title: 'Modifications to These Terms',
    body: (
      <p>
        We may update these Terms from time to time. The date at the top of this page shows when they last changed. If a change is material, we will let account
        owners know by email or in the app before it takes effect. By continuing to use the Service after the changes take effect, you accept the updated Terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        If you have any questions about these Terms, email us at <a href={`mailto:${LEGAL_EMAIL}`}>{LEGAL_EMAIL}</a> or reach our team through the{' '}
        <Link to="/contact-sales">Contact Sales</Link> page.
      </p>
    ),
  },
];

/** /terms */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={<p>Please read these terms carefully. They explain your rights and responsibilities when you use Coffer.</p>}
      sections={SECTIONS}
    />
  );
}
