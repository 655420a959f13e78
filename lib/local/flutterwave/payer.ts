import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { parseAmount } from '../../../lambdas/core/domain/money';
import { readBody } from '../http-util';
import { decide, merchantRedirect, type PageReply, page, providerReference, type SandboxContext, sendPage } from './context';
import { bankPage, checkoutPage, checkoutScript, messagePage, opayPage, transferSentPage } from './pages';
import type { SandboxTransaction } from './store';

/**
 * The pages a person pays on: the inline checkout script and its hosted card page, the OPay
 * wallet page a charge links to, and a bank to send transfers from. Each outcome is a transaction
 * (and a webhook) exactly as the API reports it afterwards.
 */
export async function handlePayerPage(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  if (path === '/v3.js' && method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    res.end(checkoutScript(ctx.origin, ctx.publicKey));
    return true;
  }
  const opay = /^\/opay\/([\w-]{10,64})$/.exec(path)?.[1];
  let reply: PageReply | undefined;
  if (path === '/checkout' && method === 'GET') reply = showCheckout(ctx, url.searchParams);
  else if (path === '/checkout' && method === 'POST') reply = finishCheckout(ctx, await readForm(req));
  else if (opay && method === 'GET') reply = showOpay(ctx, opay);
  else if (opay && method === 'POST') reply = finishOpay(ctx, opay, await readForm(req));
  else if (path === '/bank' && method === 'GET') {
    reply = page(200, bankPage({ openAccounts: ctx.store.openAccounts(), accountNumber: url.searchParams.get('account') ?? '' }));
  } else if (path === '/bank' && method === 'POST') reply = sendTransfer(ctx, await readForm(req));
  if (!reply) return false;
  sendPage(res, reply);
  return true;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
}

const outcomeSchema = z.enum(['pay', 'fail', 'cancel']);

// ---------------------------------------------------------------------------------------------
// Card checkout (the FlutterwaveCheckout modal)

const checkoutFieldsSchema = z.object({
  public_key: z.string(),
  tx_ref: z.string().trim().min(1).max(100),
  amount: z.string(),
  currency: z.string().trim().toUpperCase().length(3).default('NGN'),
  redirect_url: z.url({ protocol: /^https?$/ }).optional(),
  customer_email: z.email(),
  customer_name: z.string().max(200).optional(),
  customer_phone: z.string().max(30).optional(),
  payment_options: z.string().max(200).optional(),
  title: z.string().max(100).optional(),
});

type CheckoutFields = z.infer<typeof checkoutFieldsSchema>;

/** The checkout's parameters, or the error the real modal would show instead of a payment form. */
function readCheckout(
  ctx: SandboxContext,
  params: URLSearchParams,
): { fields: CheckoutFields; amountMinor: number } | { error: string } {
  const raw = Object.fromEntries([...params].filter(([name, value]) => name !== 'action' && value !== ''));
  if (raw.public_key !== ctx.publicKey) return { error: 'Invalid public key passed' };
  const parsed = checkoutFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? 'request';
    return { error: `The payment could not start: ${field} is missing or invalid.` };
  }
  const amountMinor = parseAmount(parsed.data.amount);
  if (amountMinor === null || amountMinor === 0) return { error: 'The payment could not start: amount is invalid.' };
  return { fields: parsed.data, amountMinor };
}

function formFields(fields: CheckoutFields): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function showCheckout(ctx: SandboxContext, params: URLSearchParams): PageReply {
  const checkout = readCheckout(ctx, params);
  if ('error' in checkout) return page(400, messagePage('Payment not started', checkout.error));
  const { fields, amountMinor } = checkout;
  return page(
    200,
    checkoutPage({
      title: fields.title ?? 'Card payment',
      amountMinor,
      currency: fields.currency,
      txRef: fields.tx_ref,
      email: fields.customer_email,
      fields: formFields(fields),
    }),
  );
}

function finishCheckout(ctx: SandboxContext, form: URLSearchParams): PageReply {
  const checkout = readCheckout(ctx, form);
  if ('error' in checkout) return page(400, messagePage('Payment not started', checkout.error));
  const outcome = outcomeSchema.safeParse(form.get('action'));
  if (!outcome.success) return page(400, messagePage('Payment not started', 'Choose Pay, Fail or Cancel.'));
  const { fields, amountMinor } = checkout;
  const txRef = fields.tx_ref;
  if (outcome.data === 'cancel') {
    if (!fields.redirect_url) return page(200, messagePage('Payment cancelled', 'Nothing was charged.'));
    return merchantRedirect(fields.redirect_url, { status: 'cancelled', txRef });
  }
  if (ctx.store.chargeByTxRef(txRef)) {
    return page(409, messagePage('Payment refused', `Reference ${txRef} belongs to another payment method's charge.`));
  }
  const previous = ctx.store.latestByTxRef(txRef);
  if (previous?.status === 'successful') {
    return page(409, messagePage('Already paid', `Reference ${txRef} was already paid (transaction ${previous.id}).`));
  }
  const tx: SandboxTransaction = {
    id: ctx.store.newTransactionId(),
    txRef,
    flwRef: providerReference('FLW-MOCK-'),
    amountMinor,
    chargedAmountMinor: amountMinor,
    appFeeMinor: 0,
    currency: fields.currency,
    status: 'pending',
    paymentType: 'card',
    processorResponse: '',
    narration: 'CARD Transaction',
    customer: { email: fields.customer_email, name: fields.customer_name ?? null, phoneNumber: fields.customer_phone ?? null },
    createdAt: new Date().toISOString(),
    webhook: { state: 'not_sent', attempts: 0 },
  };
  const status = outcome.data === 'pay' ? 'successful' : 'failed';
  decide(tx, status, status === 'successful' ? 'Approved. Successful' : 'Declined by the card issuer');
  ctx.store.addTransaction(tx);
  void ctx.webhooks.deliver(tx);
  if (!fields.redirect_url) return page(200, messagePage(`Payment ${status}`, `Transaction ${tx.id} for ${txRef}.`));
  return merchantRedirect(fields.redirect_url, { status, txRef, transactionId: tx.id });
}

// ---------------------------------------------------------------------------------------------
// OPay wallet

function opayState(ctx: SandboxContext, token: string) {
  const charge = ctx.store.chargeByOpayToken(token);
  const tx = charge?.opay && ctx.store.transaction(charge.opay.transactionId);
  return charge?.opay && tx ? { charge, opay: charge.opay, tx } : undefined;
}

function showOpay(ctx: SandboxContext, token: string): PageReply {
  const state = opayState(ctx, token);
  if (!state) return page(404, messagePage('Payment not found', 'This OPay payment link is not valid.'));
  return page(200, opayPage(state.charge, token, state.tx.status === 'pending' ? undefined : state.tx.status));
}

function finishOpay(ctx: SandboxContext, token: string, form: URLSearchParams): PageReply {
  const state = opayState(ctx, token);
  if (!state) return page(404, messagePage('Payment not found', 'This OPay payment link is not valid.'));
  const outcome = outcomeSchema.safeParse(form.get('action'));
  if (!outcome.success) return page(400, messagePage('Payment not started', 'Choose Pay, Fail or Cancel.'));
  const { charge, opay, tx } = state;
  if (tx.status !== 'pending') return page(409, opayPage(charge, token, tx.status));
  if (outcome.data === 'cancel') {
    // The transaction stays pending, as an abandoned wallet authorization does.
    if (!opay.redirectUrl) return page(200, messagePage('Payment cancelled', 'Nothing was debited.'));
    return merchantRedirect(opay.redirectUrl, { status: 'cancelled', txRef: tx.txRef });
  }
  const status = outcome.data === 'pay' ? 'successful' : 'failed';
  decide(tx, status, status === 'successful' ? 'Approved' : 'Declined by the wallet');
  ctx.store.commit();
  void ctx.webhooks.deliver(tx);
  if (!opay.redirectUrl) return page(200, messagePage(`Payment ${status}`, `Transaction ${tx.id} for ${tx.txRef}.`));
  return merchantRedirect(opay.redirectUrl, { status, txRef: tx.txRef, transactionId: tx.id });
}

// ---------------------------------------------------------------------------------------------
// Bank transfer

function sendTransfer(ctx: SandboxContext, form: URLSearchParams): PageReply {
  const accountNumber = (form.get('account_number') ?? '').replace(/\s+/g, '');
  const amountText = (form.get('amount') ?? '').trim();
  const refuse = (error: string) =>
    page(400, bankPage({ openAccounts: ctx.store.openAccounts(), accountNumber, amount: amountText, error }));
  if (!/^\d{10}$/.test(accountNumber)) return refuse('Enter the 10-digit account number.');
  // People type "1,500.50" or "₦1500": the bank reads the number the way a person means it.
  const amountMinor = parseAmount(amountText.replace(/[₦,\s]/g, ''));
  if (amountMinor === null || amountMinor === 0) return refuse('Enter the amount in naira, for example 1500 or 1500.50.');
  const charge = ctx.store.chargeByAccount(accountNumber);
  const account = charge?.account;
  if (!charge || !account)
    return refuse(`No account ${accountNumber} was found at the receiving bank. Check the number and try again.`);
  if (account.paidByTransactionId !== undefined) {
    return refuse(`Account ${accountNumber} has already received a transfer and takes no more. Nothing was sent.`);
  }
  if (Date.parse(account.expiresAt) <= Date.now()) return refuse(`Account ${accountNumber} has expired. Nothing was sent.`);
  const tx: SandboxTransaction = {
    id: ctx.store.newTransactionId(),
    txRef: charge.txRef,
    flwRef: account.reference,
    amountMinor,
    chargedAmountMinor: amountMinor,
    appFeeMinor: 0,
    currency: charge.currency,
    status: 'pending',
    paymentType: 'bank_transfer',
    processorResponse: '',
    narration: `Transfer to ${account.number}`,
    customer: charge.customer,
    createdAt: new Date().toISOString(),
    webhook: { state: 'not_sent', attempts: 0 },
  };
  decide(tx, 'successful', 'success');
  account.paidByTransactionId = tx.id;
  ctx.store.addTransaction(tx);
  void ctx.webhooks.deliver(tx);
  return page(
    200,
    transferSentPage({
      amountMinor,
      expectedMinor: charge.amountMinor,
      currency: charge.currency,
      accountNumber: account.number,
      bankName: account.bank,
      txRef: charge.txRef,
      transactionId: tx.id,
    }),
  );
}
