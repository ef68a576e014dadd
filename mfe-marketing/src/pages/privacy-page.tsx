import { LegalPage, type LegalSection } from '../components/legal-page';
import { PRIVACY_EMAIL } from '../config/company';

const SECTIONS: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what we need to run Coffer for your business:</p>
        <ul>
          <li>
            <strong>Account information:</strong> your name, email address, password (stored only as a secure hash), company, job title and profile picture.
          </li>
          <li>
            <strong>Your files:</strong> the files you upload, their names, sizes, types and folders, and the settings of any shares you create, such as
            recipient email addresses, allowed IP addresses and expiry dates.
          </li>
          <li>
            <strong>Team information:</strong> the email addresses and roles of the people you invite.
          </li>
          <li>
            <strong>Usage and device information:</strong> IP address, browser type, sign-in times and the activity recorded in your account’s audit log.
          </li>
          <li>
            <strong>Sales enquiries:</strong> the name, email address, company, phone number and message you send us through the Contact Sales form.
          </li>
        </ul>
        <p>Card details entered when you start a trial are checked in your browser and are never stored by Coffer.</p>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    body: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>provide the Service: store your files, share them as you ask and keep your account secure;</li>
          <li>send service emails such as account verification, password resets, share notifications and trial reminders;</li>
          <li>answer your questions and sales enquiries;</li>
          <li>detect, prevent and investigate fraud, abuse and security incidents;</li>
          <li>understand how the Service is used so we can improve it;</li>
          <li>send product updates and marketing emails, which you can turn off at any time in your email preferences.</li>
        </ul>
        <p>We never sell your personal information, and we never use the contents of your files for advertising.</p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'How We Share Your Information',
    body: (
      <>
        <p>We share information only in these cases:</p>
        <ul>
          <li>
            <strong>With the people you choose:</strong> when you share a file, the recipient sees the file and your name or email address.
          </li>
          <li>
            <strong>Within your organization:</strong> account owners and administrators can see team members and, on plans that include it, the account’s audit
            log.
          </li>
          <li>
            <strong>With service providers:</strong> companies that host our infrastructure or deliver our emails, under contracts that require them to protect
            your information and use it only to provide their services to us.
          </li>
          <li>
            <strong>For legal reasons:</strong> when required by law or a valid legal request, or to protect the rights and safety of our customers and Coffer.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Data Security',
    body: (
      <p>
        We protect your information with encryption, hashed passwords, optional two-factor authentication, access controls and audit logging. Shares can be
        limited by IP address, expiry date and access count. No system is perfectly secure, but we work continuously to protect your data and will notify you
        without undue delay if a breach affects your personal information.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Data Retention',
    body: (
      <>
        <p>
          We keep your account information and files for as long as your account is active. Files you move to the trash are permanently deleted after 30 days.
        </p>
        <p>
          When you delete your account, we delete your files, shares, notifications and profile. We may keep limited records for longer where the law requires
          it, for example for tax and accounting purposes.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>access the personal information we hold about you and receive a copy of it;</li>
          <li>correct information that is inaccurate or incomplete;</li>
          <li>delete your information, or your whole account;</li>
          <li>object to or restrict certain processing, including marketing;</li>
          <li>take your data to another service (data portability);</li>
          <li>complain to your local data protection authority.</li>
        </ul>
        <p>
          You can update most information yourself in your account settings. For anything else, contact us at the address below and we will respond within 30
          days.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        Coffer uses only the cookies and browser storage it needs to work: to keep you signed in securely and to remember your “Remember me” choice. We do not
        use advertising or cross-site tracking cookies. If you block these cookies in your browser, you will not be able to sign in.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children’s Privacy',
    body: (
      <p>
        Coffer is a service for businesses and is not directed at children. We do not offer the Service to children under 13 and do not knowingly collect
        personal information from them. If you believe a child under 13 has given us personal information, please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this Privacy Policy from time to time. The date at the top of this page shows when it last changed. If we make material changes, we will
        tell account owners by email or in the app before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        If you have questions about this Privacy Policy or want to exercise your rights, email us at <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
      </p>
    ),
  },
];

/** /privacy */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={<p>Your files are your business. This policy explains what information Coffer collects, how we use and protect it, and the choices you have.</p>}
      sections={SECTIONS}
    />
  );
}
