import { remoteRoot, type MarketingPage, type RemoteRoutesModule } from '@coffer/web-core';
import { LandingPage } from '../pages/landing-page';
import { WhyCofferPage } from '../pages/why-coffer-page';
import { PricingPage } from '../pages/pricing-page';
import { ContactSalesPage } from '../pages/contact-sales-page';
import { TermsPage } from '../pages/terms-page';
import { PrivacyPage } from '../pages/privacy-page';

const inMarketingRoot = remoteRoot('coffer_marketing', process.env.COFFER_RELEASE ?? 'dev');

/** The pages of the public site; the shell decides their URLs. */
export const pages: RemoteRoutesModule<MarketingPage>['pages'] = {
  landing: inMarketingRoot(LandingPage),
  whyCoffer: inMarketingRoot(WhyCofferPage),
  pricing: inMarketingRoot(PricingPage),
  contactSales: inMarketingRoot(ContactSalesPage),
  terms: inMarketingRoot(TermsPage),
  privacy: inMarketingRoot(PrivacyPage),
};
