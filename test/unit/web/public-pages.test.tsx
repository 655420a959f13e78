// @vitest-environment happy-dom

import { formatAmount, minorPerMajorOf, payoutAfterFee, platformFee } from '@escrow/domain/money';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../web/src/app/router';
import { paths } from '../../../web/src/config/paths';
import { sendContactMessage } from '../../../web/src/features/support/contact';
import { renderWithProviders } from './providers';

// The contact form's send, real unless a test makes it fail.
vi.mock('../../../web/src/features/support/contact', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../web/src/features/support/contact')>();
  return { ...real, sendContactMessage: vi.fn(real.sendContactMessage) };
});

function renderAt(path: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The static pages and the heading and document title each one opens with. */
const staticPages = [
  { path: paths.howItWorks.path, heading: 'How It Works' },
  { path: paths.whoWeAre.path, heading: 'About Us' },
  { path: paths.pricing.path, heading: 'Pricing' },
  { path: paths.contactUs.path, heading: 'Contact Us' },
  { path: paths.privacyPolicy.path, heading: 'Privacy Policy' },
  { path: paths.termsOfService.path, heading: 'Terms of Service' },
  { path: paths.contractCreationPolicy.path, heading: 'Contract Creation Policy' },
];

describe('static pages', () => {
  it.each(staticPages)('renders $path with its heading "$heading", its own title and description', async ({ path, heading }) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByText('Page Not Found')).toBeNull();
    // The title is set by an effect, which may run after the heading shows.
    await vi.waitFor(() => expect(document.title).toBe(`${heading} | MiddleMan`));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).not.toBe('');
  });

  it('gives each static page a description of its own', async () => {
    const descriptions = new Set<string>();
    for (const { path, heading } of staticPages) {
      renderAt(path);
      await screen.findByRole('heading', { level: 1, name: heading });
      await vi.waitFor(() => expect(document.title).toBe(`${heading} | MiddleMan`));
      descriptions.add(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '');
      cleanup();
    }
    expect(descriptions.size).toBe(staticPages.length);
  });

  it('lists the four steps on How It Works', async () => {
    renderAt(paths.howItWorks.path);
    await screen.findByRole('heading', { level: 1, name: 'How It Works' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'The seller creates a contract',
      'The buyer pays into escrow',
      'The seller delivers',
      'The seller is paid',
    ]);
  });
});

describe('pricing', () => {
  it('shows the worked example with the fee and payout the server computes (platformFee, payoutAfterFee)', async () => {
    renderAt(paths.pricing.path);
    await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    const amount = 50_000 * minorPerMajorOf('NGN');
    const example = screen.getByRole('region', { name: 'Example' });
    expect(within(example).getByText(formatAmount(amount, 'NGN'))).toBeTruthy();
    expect(within(example).getByText(formatAmount(platformFee(amount), 'NGN'))).toBeTruthy();
    expect(within(example).getByText(formatAmount(payoutAfterFee(amount), 'NGN'))).toBeTruthy();
    // Spelled out too, so a change of the fee rule shows up here.
    expect(within(example).getByText('₦1,000.00')).toBeTruthy();
    expect(within(example).getByText('₦49,000.00')).toBeTruthy();
    expect(screen.getByText(/charged only on successful completion/)).toBeTruthy();
    expect(screen.getByText('No sign-up fee.')).toBeTruthy();
    expect(screen.getByText('No subscription.')).toBeTruthy();
  });
});

describe('contact form', () => {
  async function fill(values: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>>) {
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
  }

  async function submit() {
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Contact form' }));
    });
  }

  it('marks name, email, subject and message as required', async () => {
    renderAt(paths.contactUs.path);
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).required).toBe(true);
    }
  });

  it('refuses to send while a field is missing or only spaces', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderAt(paths.contactUs.path);
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await fill({ Name: 'Ada', Email: 'ada@example.com', Subject: '   ', Message: 'Hello' });
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields.');
    expect(screen.queryByText(/Your message has been sent/)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('"sends" a complete message without any network call and confirms it', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderAt(paths.contactUs.path);
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await fill({ Name: 'Ada', Email: 'ada@example.com', Subject: 'A question', Message: 'How do I release funds?' });
    await submit();
    expect(screen.getByRole('status').textContent).toBe('Thank you for contacting us. Your message has been sent.');
    expect(screen.queryByRole('form', { name: 'Contact form' })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("says 'Failed to send message. Please try again later.' when sending fails, and keeps the message", async () => {
    vi.mocked(sendContactMessage).mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(paths.contactUs.path);
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await fill({ Name: 'Ada', Email: 'ada@example.com', Subject: 'A question', Message: 'How do I release funds?' });
    await submit();
    expect(sendContactMessage).toHaveBeenCalledWith({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'A question',
      message: 'How do I release funds?',
    });
    expect(screen.getByRole('alert').textContent).toBe('Failed to send message. Please try again later.');
    expect(screen.queryByText(/Your message has been sent/)).toBeNull();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('How do I release funds?');
    expect((screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('landing page', () => {
  it('shows the hero with Login, Sign Up and Get Started, and sets the page title', async () => {
    renderAt(paths.home.path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome To MiddleMan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/signup');
    expect(document.title).toBe('MiddleMan');
  });

  it('tells the story with the four feature cards', async () => {
    renderAt(paths.home.path);
    const story = await screen.findByRole('region', { name: 'Building Trust Through Experience' });
    expect(within(story).getByText('Our Story')).toBeTruthy();
    expect(within(story).getByText(/₦15,500/)).toBeTruthy();
    expect(
      within(story)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Secure', 'Mission', 'Fast', 'You First']);
  });

  it('shows the three blog cards, each opening the external blog in a new tab, with author and date', async () => {
    renderAt(paths.home.path);
    const blog = await screen.findByRole('region', { name: 'Latest from Our Blog' });
    const cards = within(blog).getAllByRole('link');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'What Is MiddleMan And Why It Matters',
      'How to Create Your First Contract',
      'Accepting Contracts & Making Payments Securely',
    ]);
    for (const card of cards) {
      expect(card.getAttribute('target')).toBe('_blank');
      expect(card.getAttribute('rel')).toBe('noopener noreferrer');
      expect(new URL(card.getAttribute('href') ?? '').origin).not.toBe(window.location.origin);
      expect(within(card).getByText(/October 2025/).textContent).toMatch(/MiddleMan Team/);
    }
  });
});

describe('footer and help button', () => {
  it('shows the current year and links to the privacy policy and terms of service', async () => {
    renderAt(paths.pricing.path);
    await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(new RegExp(String(new Date().getFullYear())))).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
  });

  it('shows the logo leading home and the public header links on a static page', async () => {
    renderAt(paths.howItWorks.path);
    await screen.findByRole('heading', { level: 1, name: 'How It Works' });
    expect(screen.getByRole('link', { name: 'MiddleMan' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/who-we-are');
    expect(screen.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact-us');
    const blog = screen.getByRole('link', { name: 'Blog' });
    expect(blog.getAttribute('target')).toBe('_blank');
    expect(blog.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
