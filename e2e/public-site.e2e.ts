import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { mailTo } from './support/mail';

const PUBLIC_PAGES = [
  { path: '/', heading: 'Secure File Storage Built for Business' },
  { path: '/why-coffer', heading: 'Why Coffer?' },
  { path: '/pricing', heading: 'Simple, predictable pricing' },
  { path: '/contact-sales', heading: 'Contact Sales' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
];

const MOBILE = { width: 360, height: 740 };

/** Opens a public page and waits until its remote has rendered it. */
async function visit(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Where a slide-out panel ends and how wide it is, once its slide-in animation is over. */
function rightEdgeAndWidth(box: { x: number; width: number } | null) {
  return box && { right: Math.round(box.x + box.width), width: Math.round(box.width) };
}

/** Today as the legal pages print it. */
const today = () => new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

test.describe('a visitor on the landing page', () => {
  test('reads the headline, the sub-line and the four selling points, and can try the dashboard or sign in', async ({ page }) => {
    await visit(page, '/', 'Secure File Storage Built for Business');
    const main = page.getByRole('main');
    await expect(
      main.getByText('Simple, secure file storage and sharing for small-to-medium businesses. Store, organize, and collaborate with confidence.'),
    ).toBeVisible();
    for (const point of ['Enterprise Security', 'Team Collaboration', 'Simple & Fast', 'Free 14-Day Trial']) {
      await expect(main.getByRole('heading', { name: point })).toBeVisible();
    }
    await expect(main.getByText('granular access controls')).toBeVisible();
    await expect(main.getByText('flat rate by storage tier, not per user')).toBeVisible();

    // Signed out: "Try Dashboard" (never "My Dashboard") and a Sign In button.
    await expect(main.getByRole('link', { name: 'My Dashboard' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Try Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(main.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });
});

test.describe('the public header and footer', () => {
  test('the logo goes home, Sign In and Contact Sales are there, and the footer carries the copyright line', async ({ page }) => {
    await visit(page, '/pricing', 'Simple, predictable pricing');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Coffer', exact: true })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact-sales');
    await expect(page.getByRole('contentinfo').getByText('© 2025 Coffer. All rights reserved.')).toBeVisible();

    await header.getByRole('link', { name: 'Coffer', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Secure File Storage Built for Business' })).toBeVisible();
  });

  test("shows the current page's link in bolder text", async ({ page }) => {
    const header = page.getByRole('banner');
    const why = header.getByRole('link', { name: 'Why Coffer?' });
    const pricing = header.getByRole('link', { name: 'Pricing' });

    await visit(page, '/pricing', 'Simple, predictable pricing');
    await expect(pricing).toHaveAttribute('aria-current', 'page');
    await expect(pricing).toHaveCSS('font-weight', '700');
    await expect(why).not.toHaveAttribute('aria-current', 'page');
    await expect(why).toHaveCSS('font-weight', '500');

    await why.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Why Coffer?' })).toBeVisible();
    await expect(why).toHaveAttribute('aria-current', 'page');
    await expect(why).toHaveCSS('font-weight', '700');
    await expect(pricing).toHaveCSS('font-weight', '500');
  });

  test('on a 360 px screen the links move into a right-side menu that closes after any choice', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await visit(page, '/', 'Secure File Storage Built for Business');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Pricing' })).toBeHidden();
    await expect(header.getByRole('link', { name: 'Contact Sales' })).toBeHidden();

    const choices = [
      { name: 'Why Coffer?', heading: 'Why Coffer?', url: /\/why-coffer$/ },
      { name: 'Pricing', heading: 'Simple, predictable pricing', url: /\/pricing$/ },
      { name: 'Contact Sales', heading: 'Contact Sales', url: /\/contact-sales$/ },
      { name: 'Sign In', url: /\/login$/ },
    ];
    for (const choice of choices) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      // The four entries, in a 280 px panel against the right edge.
      for (const name of ['Why Coffer?', 'Pricing', 'Sign In', 'Contact Sales']) {
        await expect(menu.getByRole('link', { name })).toBeVisible();
      }
      await expect.poll(async () => rightEdgeAndWidth(await menu.boundingBox())).toEqual({ right: MOBILE.width, width: 280 });

      await menu.getByRole('link', { name: choice.name }).click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(choice.url);
      if (choice.heading) await expect(page.getByRole('heading', { level: 1, name: choice.heading })).toBeVisible();
    }
  });

  test('from the small breakpoint the menu is 350 px wide, and Escape closes it', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    await visit(page, '/', 'Secure File Storage Built for Business');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect.poll(async () => rightEdgeAndWidth(await menu.boundingBox())).toEqual({ right: 700, width: 350 });
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
});

test.describe('the Why Coffer? page', () => {
  test('pitches Coffer with its unique selling point and offers the dashboard and pricing', async ({ page }) => {
    await visit(page, '/why-coffer', 'Why Coffer?');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Simplicity + Security + Business focus' })).toBeVisible();
    for (const reason of [
      'One secure space for company files',
      'Straightforward sharing and permissions',
      'Features built for business',
      'Predictable pricing',
    ]) {
      await expect(main.getByRole('heading', { name: reason })).toBeVisible();
    }
    await expect(main.getByText('All plans include unlimited users')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Try Dashboard' })).toHaveAttribute('href', '/dashboard');
    await main.getByRole('link', { name: 'View Pricing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Simple, predictable pricing' })).toBeVisible();
  });
});

test.describe('the pricing page', () => {
  const PLANS = [
    {
      name: 'Starter Plan',
      usd: '$19',
      gbp: '£15/month',
      storage: '500 GB storage',
      features: ['Unlimited users', 'Basic sharing'],
      button: 'Get Started',
      href: '/checkout?plan=starter',
    },
    {
      name: 'Business Plan',
      usd: '$35',
      gbp: '£29/month',
      storage: '2 TB storage',
      features: ['Unlimited users', 'Audit logs and permissions', 'Custom branding'],
      button: 'Get Started',
      href: '/checkout?plan=business',
    },
    {
      name: 'Pro Plan',
      usd: '$69',
      gbp: '£59/month',
      storage: '5 TB storage',
      features: ['Unlimited users', 'Custom branding', 'Priority support', 'Advanced security controls', 'IP restriction and link expiry'],
      button: 'Get Started',
      href: '/checkout?plan=pro',
    },
    {
      name: 'Enterprise',
      usd: '$200+',
      gbp: '£150+/month',
      storage: '5+ TB storage',
      features: ['Storage beyond 5 TB', 'Compliance add-ons (GDPR, HIPAA, ISO)', 'Dedicated account manager', 'Custom pricing'],
      button: 'Contact Sales',
      href: '/contact-sales',
    },
  ];

  test('shows four plans with USD and GBP prices, storage, features and where each button goes', async ({ page }) => {
    await visit(page, '/pricing', 'Simple, predictable pricing');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(4);
    for (const plan of PLANS) {
      const card = page.getByRole('article', { name: plan.name });
      await expect(card.getByText(plan.usd, { exact: true })).toBeVisible();
      await expect(card.getByText(plan.gbp, { exact: true })).toBeVisible();
      await expect(card.getByText(plan.storage)).toBeVisible();
      for (const feature of plan.features) await expect(card.getByRole('listitem').filter({ hasText: feature })).toBeVisible();
      await expect(card.getByRole('link', { name: plan.button })).toHaveAttribute('href', plan.href);
    }
    await expect(page.getByRole('article', { name: 'Business Plan' }).getByText('Most Popular')).toBeVisible();
    await expect(page.getByText('Most Popular')).toHaveCount(1);
  });

  test("a plan's Get Started opens the checkout of that plan", async ({ page }) => {
    await visit(page, '/pricing', 'Simple, predictable pricing');
    await page.getByRole('article', { name: 'Business Plan' }).getByRole('link', { name: 'Get Started' }).click();
    // Checkout belongs to mfe-account (and may send a visitor on to sign in); the plan travels in the URL.
    await expect(page).toHaveURL(/\/(checkout\?plan=business|login)$/);
  });

  test("Enterprise's Contact Sales opens the Contact Sales form", async ({ page }) => {
    await visit(page, '/pricing', 'Simple, predictable pricing');
    await page.getByRole('article', { name: 'Enterprise' }).getByRole('link', { name: 'Contact Sales' }).click();
    await expect(page).toHaveURL(/\/contact-sales$/);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
  });
});

test.describe('the Contact Sales page', () => {
  test('asks for the required fields, each with its own message, and leaves the phone number optional', async ({ page }) => {
    await visit(page, '/contact-sales', 'Contact Sales');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    let sent = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact-requests')) sent = true;
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByLabel('Full name')).toHaveAccessibleDescription('Please enter your full name');
    await expect(page.getByLabel('Email address')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(page.getByLabel('Company name')).toHaveAccessibleDescription('Please enter your company name');
    await expect(page.getByLabel('Message')).toHaveAccessibleDescription('Please enter a message');
    await expect(page.getByLabel('Phone number (optional)')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Full name')).toBeFocused();

    // Each message goes as soon as its field is right.
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await expect(page.getByText('Please enter your full name')).toBeHidden();
    await page.getByLabel('Email address').fill('ada@');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Email address').fill('ada@analytical.example');
    await expect(page.getByText('Please enter a valid email address')).toBeHidden();
    await expect(page.getByText('Please enter your company name')).toBeVisible();
    await expect(page.getByText('Please enter a message')).toBeVisible();

    // The optional phone number, once given, follows the same rule as on the server.
    await page.getByLabel('Phone number (optional)').fill('call me');
    await expect(page.getByLabel('Phone number (optional)')).toHaveAccessibleDescription('Please enter a valid phone number');
    await page.getByLabel('Phone number (optional)').fill('');
    await expect(page.getByLabel('Phone number (optional)')).not.toHaveAttribute('aria-invalid', 'true');

    await expectNoSeriousA11yViolations(page, 'the Contact Sales form with errors');
    expect(sent).toBe(false);
  });

  test('sends the request and confirms it', async ({ page }) => {
    await visit(page, '/contact-sales', 'Contact Sales');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email address').fill('ada@analytical.example');
    const company = `Analytical Engines ${Date.now()}`;
    await page.getByLabel('Company name').fill(company);
    await page.getByLabel('Message').fill('We are 40 people and need about 8 TB. Can we talk about Enterprise?');

    const request = page.waitForRequest((r) => r.url().endsWith('/api/contact-requests') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await request).postDataJSON()).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      company,
      message: 'We are 40 people and need about 8 TB. Can we talk about Enterprise?',
    });
    const response = await (await request).response();
    expect(response?.status()).toBe(201);
    expect((await response?.json()).id).toMatch(/^[0-9a-f-]{36}$/); // stored by the billing service

    // The sales inbox got it: the embedded mailbox captured the email.
    await mailTo(page.request, 'sales@coffer.local', `Contact Sales: "${company}" ("Ada Lovelace")`);

    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expect(page.getByText('Our sales team will be in touch within one business day.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0);
  });

  test('a request that cannot be sent shows the reason in a destructive toast and keeps what was typed', async ({ page }) => {
    // The browser checks what the server checks, so the network is what fails here.
    await page.route('**/api/contact-requests', (route) => route.abort('connectionrefused'));
    await visit(page, '/contact-sales', 'Contact Sales');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email address').fill('ada@analytical.example');
    await page.getByLabel('Company name').fill('Analytical Engines Ltd');
    await page.getByLabel('Phone number (optional)').fill('+44 20 7946 0958');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();

    const toast = page.getByRole('listitem').filter({ hasText: 'Failed to send message' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Coffer could not be reached. Please check your connection and try again.');
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expect(page.getByLabel('Phone number (optional)')).toHaveValue('+44 20 7946 0958');
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toHaveCount(0);
    await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await expectNoSeriousA11yViolations(page, 'the Contact Sales page with an error toast');
  });
});

test.describe('the legal pages', () => {
  test('the Terms of Service have nine sections, the liability cap, and today as their last update', async ({ page }) => {
    await visit(page, '/terms', 'Terms of Service');
    const main = page.getByRole('main');
    await expect(main.getByText(`Last updated: ${today()}`)).toBeVisible();
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      '1. Acceptance of Terms',
      '2. Use of the Service',
      '3. Account Security',
      '4. Your Content',
      '5. Prohibited Activities',
      '6. Service Availability',
      '7. Limitation of Liability',
      '8. Modifications to These Terms',
      '9. Contact Us',
    ]);
    await expect(main.getByText('limited to the amount you paid us for the Service in the 12 months')).toBeVisible();
  });

  test('the Privacy Policy has ten sections, no service for children under 13, and today as its last update', async ({ page }) => {
    await visit(page, '/privacy', 'Privacy Policy');
    const main = page.getByRole('main');
    await expect(main.getByText(`Last updated: ${today()}`)).toBeVisible();
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      '1. Information We Collect',
      '2. How We Use Your Information',
      '3. How We Share Your Information',
      '4. Data Security',
      '5. Data Retention',
      '6. Your Rights',
      '7. Cookies',
      '8. Children’s Privacy',
      '9. Changes to This Policy',
      '10. Contact Us',
    ]);
    await expect(main.getByText('We do not offer the Service to children under 13')).toBeVisible();
  });
});

test.describe('a path that does not exist', () => {
  test('shows "Oops! Page not found", logs the path and leads back home', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto('/pricing/enterprise-plus');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    expect(logged).toContain('404 Error: User attempted to access non-existent route: /pricing/enterprise-plus');
    await expectNoSeriousA11yViolations(page, 'the 404 page');

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Secure File Storage Built for Business' })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} has no serious or critical axe violations at 1280 px and at 360 px`, async ({ page }) => {
      await visit(page, path, heading);
      await expectNoSeriousA11yViolations(page, `${path} at 1280 px`);
      await page.setViewportSize(MOBILE);
      await expectNoSeriousA11yViolations(page, `${path} at 360 px`);
    });
  }

  test('the open mobile menu has no serious or critical axe violations', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await visit(page, '/', 'Secure File Storage Built for Business');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the mobile menu');
  });
});
