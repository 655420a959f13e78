import { Link } from 'react-router-dom';
import { blogUrl, paths } from '../../config/paths';
import { productName, siteDescription, usePageMeta } from '../../lib/use-page-meta';

const features = [
  { title: 'Secure', text: 'Bank-level security for all transactions.' },
  { title: 'Mission', text: 'Serving 10,000+ users who buy and sell online with confidence.' },
  { title: 'Fast', text: 'Instant escrow setup and release.' },
  { title: 'You First', text: 'A customer first policy in everything we do.' },
] as const;

const blogPosts = [
  {
    title: `What Is ${productName} And Why It Matters`,
    slug: 'what-is-middleman-and-why-it-matters',
    excerpt: 'How escrow protects buyers from scams and spares honest sellers from proving themselves again and again.',
  },
  {
    title: 'How to Create Your First Contract',
    slug: 'how-to-create-your-first-contract',
    excerpt: 'A step-by-step guide for sellers: describe the deal, set the price and share the contract with your buyer.',
  },
  {
    title: 'Accepting Contracts & Making Payments Securely',
    slug: 'accepting-contracts-and-making-payments-securely',
    excerpt: 'What buyers should check before paying, and how the payment stays in escrow until delivery.',
  },
] as const;

const blogAuthor = `The ${productName} Team`;
const blogDate = 'October 2025';

export function LandingPage() {
  usePageMeta(productName, siteDescription);
  return (
    <div className="mx-auto max-w-6xl px-4">
      <div className="flex justify-end gap-3 py-4 text-sm font-medium">
        <Link to={paths.login.getHref()} className="rounded-md px-4 py-2 hover:bg-gray-100 dark:hover:bg-gray-800">
          Login
        </Link>
        <Link to={paths.signup.getHref()} className="rounded-md bg-emerald-700 px-4 py-2 text-white hover:bg-emerald-800">
          Sign Up
        </Link>
      </div>

      <section className="flex flex-col items-center gap-8 py-20 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">
          Welcome To <span className="text-emerald-700 dark:text-emerald-400">{productName}</span>
        </h1>
        <div className="max-w-2xl space-y-4 text-lg text-gray-700 dark:text-gray-300">
          <p>
            Buy from any online vendor without the fear of being scammed. Your payment is held safely in escrow and only reaches
            the seller once you have received what you paid for.
          </p>
          <p>
            Vendors, freelancers and creators get paid as soon as the buyer is satisfied, without having to keep proving their
            honesty to every new customer.
          </p>
        </div>
        <Link
          to={paths.signup.getHref()}
          className="rounded-lg bg-emerald-700 px-6 py-3 text-lg font-semibold text-white shadow hover:bg-emerald-800"
        >
          Get Started
        </Link>
      </section>

      <section aria-labelledby="our-story" className="py-16">
        <p className="text-center text-sm font-semibold tracking-wide text-emerald-700 uppercase dark:text-emerald-400">
          Our Story
        </p>
        <h2 id="our-story" className="mt-2 text-center text-3xl font-bold">
          Building Trust Through Experience
        </h2>
        <div className="mx-auto mt-6 max-w-3xl space-y-4 text-gray-700 dark:text-gray-300">
          <p>
            In 2021 our founder paid ₦15,500 to an online seller and never received the order. The seller stopped answering, and
            the money was gone. Many Nigerians who shop online have a story like it, and many honest sellers lose customers
            because buyers no longer trust them.
          </p>
          <p>
            {productName} was founded in 2025 to end that. We stand between buyer and seller: the buyer pays into escrow, the
            seller delivers, and the money moves only when the buyer is satisfied. Our mission is to serve 10,000+ users who
            deserve to trade online without fear.
          </p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((feature) => (
            <li
              key={feature.title}
              className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-900"
            >
              <h3 className="text-lg font-semibold">{feature.title}</h3>
              <p className="mt-2 text-gray-600 dark:text-gray-400">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="latest-blog" className="py-16">
        <h2 id="latest-blog" className="text-center text-3xl font-bold">
          Latest from Our Blog
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {blogPosts.map((post) => (
            <li key={post.slug}>
              <a
                href={new URL(post.slug, blogUrl).href}
                target="_blank"
                rel="noopener noreferrer"
                className="flex h-full flex-col rounded-lg border border-gray-200 bg-white p-6 shadow-sm hover:border-emerald-500 dark:border-gray-800 dark:bg-gray-900"
              >
                <h3 className="text-lg font-semibold">{post.title}</h3>
                <p className="mt-2 flex-1 text-gray-600 dark:text-gray-400">{post.excerpt}</p>
                <p className="mt-4 text-sm text-gray-500 dark:text-gray-400">
                  {blogAuthor} · {blogDate}
                </p>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
