import { currencyCodes, formatAmount, toTwoDecimalString } from '../../../lambdas/core/domain/money';
import type { SandboxCharge } from './store';
import { lagosTime } from './wire';

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An amount as a person reads it: "₦1,500.50", or "XOF 1500.50" for a currency the product does not list. */
export function displayAmount(minor: number, currency: string): string {
  return (currencyCodes as readonly string[]).includes(currency)
    ? formatAmount(minor, currency as (typeof currencyCodes)[number])
    : `${currency} ${toTwoDecimalString(minor)}`;
}

// The brand line is a dark amber: the lighter one read at 2:1 on white, below what axe-core (and a
// person in daylight) needs (4.5:1), and the browser tests scan these pages too.
const styles = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f5f7; color: #1b1f24; }
  main { max-width: 32rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem;
    box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .brand { margin: 0 0 1rem; font-size: .8rem; letter-spacing: .04em; text-transform: uppercase; color: #8a4b00; font-weight: 700; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; margin: 0 0 1.5rem; align-items: baseline; }
  dt { color: #5b6470; } dd { margin: 0; font-weight: 600; word-break: break-all; }
  .amount { font-size: 1.6rem; }
  .hint { color: #5b6470; font-size: .9rem; }
  .error { background: #fdecea; color: #8a1c13; padding: .75rem 1rem; border-radius: 8px; }
  .ok { background: #e7f6ec; color: #125a2c; padding: .75rem 1rem; border-radius: 8px; }
  form { display: grid; gap: .75rem; }
  .field { display: grid; gap: .3rem; } .field .hint { margin: 0; }
  label { font-weight: 600; }
  input { font: inherit; padding: .6rem .7rem; border: 1px solid #c5cad1; border-radius: 8px; }
  .buttons { display: flex; gap: .5rem; flex-wrap: wrap; }
  button { font: inherit; font-weight: 600; padding: .65rem 1.2rem; border-radius: 8px; border: 1px solid transparent; cursor: pointer; }
  button.primary { background: #f5a623; color: #1b1f24; }
  button.danger { background: #fff; border-color: #c0392b; color: #c0392b; }
  button.plain { background: #fff; border-color: #c5cad1; color: #1b1f24; }
  table { width: 100%; border-collapse: collapse; font-size: .85rem; margin-top: .5rem; }
  th, td { text-align: left; padding: .4rem .3rem; border-bottom: 1px solid #e3e6ea; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
<p class="brand">Flutterwave sandbox &middot; local</p>
${body}
</main>
</body>
</html>
`;
}

function hiddenInputs(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

/** Pay, Fail and Cancel: the three outcomes a person can choose on a sandbox payment page. */
function outcomeButtons(): string {
  return `<div class="buttons">
<button type="submit" name="action" value="pay" class="primary">Pay</button>
<button type="submit" name="action" value="fail" class="danger">Fail</button>
<button type="submit" name="action" value="cancel" class="plain">Cancel</button>
</div>`;
}

/** The hosted card checkout for one payment; `fields` travel back with the chosen outcome. */
export function checkoutPage(view: {
  title: string;
  amountMinor: number;
  currency: string;
  txRef: string;
  email: string;
  fields: Record<string, string>;
}): string {
  return layout(
    `${view.title}: card payment`,
    `<h1>${escapeHtml(view.title)}</h1>
<dl>
<dt>Amount</dt><dd class="amount">${escapeHtml(displayAmount(view.amountMinor, view.currency))}</dd>
<dt>Merchant reference</dt><dd>${escapeHtml(view.txRef)}</dd>
<dt>Customer</dt><dd>${escapeHtml(view.email)}</dd>
</dl>
<p class="hint">A simulated card: <b>Pay</b> approves the payment, <b>Fail</b> declines it, <b>Cancel</b> goes back without paying.</p>
<form method="post" action="/checkout">
${hiddenInputs(view.fields)}
${outcomeButtons()}
</form>`,
  );
}

/** The OPay wallet page a charge's link opens. */
export function opayPage(charge: SandboxCharge, token: string, finishedStatus?: string): string {
  const body = finishedStatus
    ? `<p class="ok">This payment is already ${escapeHtml(finishedStatus)}.</p>`
    : `<p class="hint">A simulated OPay wallet: <b>Pay</b> authorizes the debit, <b>Fail</b> declines it, <b>Cancel</b> goes back without paying.</p>
<form method="post" action="/opay/${encodeURIComponent(token)}">
${outcomeButtons()}
</form>`;
  return layout(
    'OPay: authorize payment',
    `<h1>OPay wallet</h1>
<dl>
<dt>Amount</dt><dd class="amount">${escapeHtml(displayAmount(charge.amountMinor, charge.currency))}</dd>
<dt>Merchant reference</dt><dd>${escapeHtml(charge.txRef)}</dd>
<dt>Wallet of</dt><dd>${escapeHtml(charge.customer.email)}</dd>
</dl>
${body}`,
  );
}

/** The bank a person sends a transfer from, with the accounts that are waiting for one. */
export function bankPage(view: {
  openAccounts: SandboxCharge[];
  accountNumber?: string;
  amount?: string;
  error?: string;
}): string {
  const rows = view.openAccounts
    .map((charge) => {
      const account = charge.account;
      if (!account) return '';
      return `<tr><td>${escapeHtml(account.number)}</td><td>${escapeHtml(account.bank)}</td><td>${escapeHtml(
        displayAmount(charge.amountMinor, charge.currency),
      )}</td><td>${escapeHtml(charge.txRef)}</td><td>${escapeHtml(lagosTime(account.expiresAt))}</td></tr>`;
    })
    .join('\n');
  const waiting = rows
    ? `<h2>Accounts waiting for a transfer</h2>
<table>
<thead><tr><th>Account</th><th>Bank</th><th>Amount due</th><th>Merchant reference</th><th>Expires (WAT)</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : '<p class="hint">No account is waiting for a transfer.</p>';
  return layout(
    'Sandbox bank: send a transfer',
    `<h1>Send a transfer</h1>
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
<form method="post" action="/bank">
<div class="field"><label for="account_number">Account number</label>
<input id="account_number" name="account_number" inputmode="numeric" autocomplete="off" required value="${escapeHtml(view.accountNumber ?? '')}"></div>
<div class="field"><label for="amount">Amount</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="off" required placeholder="1500.00" aria-describedby="amount-hint" value="${escapeHtml(view.amount ?? '')}">
<p class="hint" id="amount-hint">In naira; decimals allowed. Any amount is sent, even one that differs from what the account expects.</p></div>
<div class="buttons"><button type="submit" class="primary">Send transfer</button></div>
</form>
${waiting}`,
  );
}

/** What the bank shows once a transfer left. */
export function transferSentPage(view: {
  amountMinor: number;
  expectedMinor: number;
  currency: string;
  accountNumber: string;
  bankName: string;
  txRef: string;
  transactionId: number;
}): string {
  const difference =
    view.amountMinor === view.expectedMinor
      ? ''
      : `<p class="hint">The account expected ${escapeHtml(displayAmount(view.expectedMinor, view.currency))}.</p>`;
  return layout(
    'Transfer sent',
    `<h1>Transfer sent</h1>
<p class="ok" role="status">Your transfer of ${escapeHtml(displayAmount(view.amountMinor, view.currency))} was sent.</p>
<dl>
<dt>Amount</dt><dd class="amount">${escapeHtml(displayAmount(view.amountMinor, view.currency))}</dd>
<dt>To account</dt><dd>${escapeHtml(view.accountNumber)} (${escapeHtml(view.bankName)})</dd>
<dt>Merchant reference</dt><dd>${escapeHtml(view.txRef)}</dd>
<dt>Transaction</dt><dd>${view.transactionId}</dd>
</dl>
${difference}
<p><a href="/bank">Send another transfer</a></p>`,
  );
}

/** A page that only says something (an error, or an outcome with nowhere to return to). */
export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

/**
 * The stand-in for checkout.flutterwave.com/v3.js: `FlutterwaveCheckout(config)` checks the public
 * key and takes the browser to the sandbox's hosted checkout for that payment (the real one opens
 * it in a modal; the outcome reaches `redirect_url` the same way).
 */
export function checkoutScript(origin: string, publicKey: string): string {
  return `(function () {
  var origin = ${JSON.stringify(origin)};
  var publicKey = ${JSON.stringify(publicKey)};
  window.FlutterwaveCheckout = function (config) {
    if (!config || config.public_key !== publicKey) throw new Error('Invalid public key passed');
    var customer = config.customer || {};
    var customizations = config.customizations || {};
    var fields = {
      public_key: config.public_key,
      tx_ref: config.tx_ref,
      amount: config.amount,
      currency: config.currency || 'NGN',
      redirect_url: config.redirect_url,
      customer_email: customer.email,
      customer_name: customer.name,
      customer_phone: customer.phone_number,
      payment_options: config.payment_options,
      title: customizations.title
    };
    var params = new URLSearchParams();
    Object.keys(fields).forEach(function (name) {
      if (fields[name] !== undefined && fields[name] !== null) params.set(name, String(fields[name]));
    });
    window.location.assign(origin + '/checkout?' + params.toString());
    return { close: function () {} };
  };
})();
`;
}
