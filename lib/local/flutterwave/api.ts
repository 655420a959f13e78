import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { parseAmount, toTwoDecimalString } from '../../../lambdas/core/domain/money';
import { readBody, sendJson } from '../http-util';
import { walletCurrencies, walletJson } from './balances';
import { nigerianBanks, resolveAccountName } from './banks';
import type { SandboxApiCall } from './calls';
import { providerReference, type SandboxContext } from './context';
import { pageOf, readListQuery } from './listing';
import { isRateCurrency, quotedRate, sourceAmountMinor } from './rates';
import type { SandboxCharge, SandboxCustomer, SandboxTransaction, SandboxTransfer } from './store';
import { errorJson, lagosTime, majorAmount, sandboxBankName, sandboxMerchantName, transactionJson, transferJson } from './wire';

/** A JSON answer: HTTP status and body. */
interface ApiReply {
  status: number;
  body: unknown;
}

const ok = (body: unknown): ApiReply => ({ status: 200, body });
const refuse = (message: string, status = 400): ApiReply => ({ status, body: errorJson(message) });
const unavailable = (): ApiReply => refuse('Service temporarily unavailable (sandbox fault)', 500);

/**
 * The v3 JSON endpoints the product calls, with v3's paths, bodies and answers. The caller has
 * already checked the Bearer secret key.
 */
export async function handleApi(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  call: SandboxApiCall,
): Promise<void> {
  const reply = await answer(ctx, req, url, call);
  // A verify that hung past the caller's timeout has nobody left to answer.
  if (!res.destroyed) sendJson(res, reply.status, reply.body);
}

async function answer(ctx: SandboxContext, req: IncomingMessage, url: URL, call: SandboxApiCall): Promise<ApiReply> {
  const path = url.pathname;
  const method = req.method ?? 'GET';
  if (method === 'POST' && path === '/v3/charges') return createCharge(ctx, req, url.searchParams.get('type'), call);
  if (method === 'GET' && path === '/v3/transactions/verify_by_reference') {
    return verify(ctx, () => ctx.store.latestByTxRef(url.searchParams.get('tx_ref') ?? ''));
  }
  if (method === 'GET' && path === '/v3/transactions') return listTransactions(ctx, url.searchParams);
  const verifyById = /^\/v3\/transactions\/(\d{1,19})\/verify$/.exec(path);
  if (method === 'GET' && verifyById) return verify(ctx, () => ctx.store.transaction(Number(verifyById[1])));
  const resend = /^\/v3\/transactions\/(\d{1,19})\/resend-hook$/.exec(path);
  if (method === 'POST' && resend) return resendHook(ctx, req, Number(resend[1]));
  const banks = /^\/v3\/banks\/([A-Za-z]{2})$/.exec(path);
  if (method === 'GET' && banks) return listBanks(banks[1] ?? '');
  if (method === 'POST' && path === '/v3/accounts/resolve') return resolveAccount(req);
  if (method === 'POST' && path === '/v3/transfers') return createTransfer(ctx, req);
  if (method === 'GET' && path === '/v3/transfers') return listTransfers(ctx, url.searchParams);
  if (method === 'GET' && path === '/v3/transfers/rates') return transferRate(ctx, url.searchParams);
  const transfer = /^\/v3\/transfers\/(\d{1,19})$/.exec(path);
  if (method === 'GET' && transfer) return getTransfer(ctx, Number(transfer[1]));
  const retry = /^\/v3\/transfers\/(\d{1,19})\/retries$/.exec(path);
  if (method === 'POST' && retry) return retryTransfer(ctx, Number(retry[1]));
  if (method === 'GET' && retry) return listRetries(ctx, Number(retry[1]));
  if (method === 'GET' && path === '/v3/balances') return listWallets(ctx);
  const wallet = /^\/v3\/balances\/([^/]*)$/.exec(path);
  if (method === 'GET' && wallet) return getWallet(ctx, wallet[1] ?? '');
  return refuse(`Cannot ${method} ${path}`, 404);
}

// ---------------------------------------------------------------------------------------------
// Charges

const chargeRequestSchema = z.object({
  tx_ref: z.string().trim().min(1).max(100),
  amount: z.union([z.number(), z.string()]),
  currency: z.string().trim().toUpperCase().length(3).default('NGN'),
  email: z.email(),
  fullname: z.string().trim().max(200).optional(),
  phone_number: z.string().trim().max(30).optional(),
  redirect_url: z.url({ protocol: /^https?$/ }).optional(),
  /** Seconds the bank-transfer account stays open (v3 default: one hour). */
  expires: z
    .number()
    .int()
    .min(60)
    .max(365 * 24 * 3600)
    .optional(),
});

type ChargeRequest = z.infer<typeof chargeRequestSchema>;

async function createCharge(
  ctx: SandboxContext,
  req: IncomingMessage,
  type: string | null,
  call: SandboxApiCall,
): Promise<ApiReply> {
  if (type !== 'bank_transfer' && type !== 'opay') return refuse(`Unsupported charge type ${type ?? ''}`);
  const body = await readJson(req);
  const parsed = chargeRequestSchema.safeParse(body);
  if (!parsed.success) return refuse(validationMessage(parsed.error));
  const request = parsed.data;
  call.txRef = request.tx_ref;
  const amountMinor = parseAmount(request.amount);
  if (amountMinor === null || amountMinor === 0) return refuse('Invalid amount');
  if (request.currency !== 'NGN') {
    const method = type === 'opay' ? 'OPay' : 'Bank transfer';
    return refuse(`${method} is only available for NGN transactions`);
  }
  if (ctx.store.chargeByTxRef(request.tx_ref) || ctx.store.latestByTxRef(request.tx_ref)) {
    return refuse('A transaction with this tx_ref already exists');
  }
  const customer: SandboxCustomer = {
    email: request.email,
    name: request.fullname ?? null,
    phoneNumber: request.phone_number ?? null,
  };
  if (type === 'bank_transfer') return bankTransferCharge(ctx, request, amountMinor, customer);
  return opayCharge(ctx, request, amountMinor, customer);
}

function bankTransferCharge(
  ctx: SandboxContext,
  request: ChargeRequest,
  amountMinor: number,
  customer: SandboxCustomer,
): ApiReply {
  const now = Date.now();
  const charge: SandboxCharge = {
    type: 'bank_transfer',
    txRef: request.tx_ref,
    amountMinor,
    currency: request.currency,
    customer,
    createdAt: new Date(now).toISOString(),
    account: {
      number: newAccountNumber(ctx),
      bank: sandboxBankName,
      reference: providerReference('SBXFLWRef-'),
      expiresAt: new Date(now + (request.expires ?? 3600) * 1000).toISOString(),
    },
  };
  ctx.store.addCharge(charge);
  const account = charge.account as NonNullable<SandboxCharge['account']>;
  return ok({
    status: 'success',
    message: 'Charge initiated',
    meta: {
      authorization: {
        transfer_reference: account.reference,
        transfer_account: account.number,
        transfer_bank: account.bank,
        account_expiration: lagosTime(account.expiresAt),
        transfer_note: `Please make a bank transfer to ${sandboxMerchantName}`,
        transfer_amount: toTwoDecimalString(amountMinor),
        mode: 'banktransfer',
      },
    },
  });
}

/** A 10-digit account number no other charge has, outside the resolvable test range (0690000031-41). */
function newAccountNumber(ctx: SandboxContext): string {
  for (;;) {
    const candidate = String(randomInt(1_000_000_000, 10_000_000_000));
    if (!candidate.startsWith('069') && !ctx.store.accountNumberTaken(candidate)) return candidate;
  }
}

function opayCharge(ctx: SandboxContext, request: ChargeRequest, amountMinor: number, customer: SandboxCustomer): ApiReply {
  const createdAt = new Date().toISOString();
  // v3 answers an OPay charge with a pending transaction that the wallet's outcome decides.
  const tx: SandboxTransaction = {
    id: ctx.store.newTransactionId(),
    txRef: request.tx_ref,
    flwRef: providerReference('OPAY'),
    amountMinor,
    chargedAmountMinor: amountMinor,
    appFeeMinor: 0,
    currency: 'NGN',
    status: 'pending',
    paymentType: 'opay',
    processorResponse: 'Transaction is pending authorization',
    narration: 'OPay payment',
    customer,
    createdAt,
    webhook: { state: 'not_sent', attempts: 0 },
  };
  const token = randomBytes(18).toString('base64url');
  ctx.store.addTransaction(tx);
  ctx.store.addCharge({
    type: 'opay',
    txRef: request.tx_ref,
    amountMinor,
    currency: 'NGN',
    customer,
    createdAt,
    opay: { token, redirectUrl: request.redirect_url ?? null, transactionId: tx.id },
  });
  return ok({
    status: 'success',
    message: 'Charge initiated',
    data: {
      ...transactionJson(tx),
      meta: { authorization: { mode: 'redirect', redirect: `${ctx.origin}/opay/${token}` } },
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Transactions

async function verify(ctx: SandboxContext, find: () => SandboxTransaction | undefined): Promise<ApiReply> {
  if (ctx.faults.verifyHangMs > 0) await ctx.wait(ctx.faults.verifyHangMs);
  if (ctx.faults.verifyFailures > 0) {
    ctx.faults.verifyFailures -= 1;
    return unavailable();
  }
  const tx = find();
  if (!tx) return refuse('No transaction was found for this id');
  return ok({ status: 'success', message: 'Transaction fetched successfully', data: transactionJson(tx) });
}

/** v3's transaction list answers 10 a page: its documented example has 158 transactions on 16 pages. */
const transactionsPerPage = 10;

/**
 * `GET /v3/transactions?from=&to=&page=&status=&currency=&tx_ref=`, newest first. `from` and `to`
 * are whole Lagos days (listing.ts), the days the product's reconciliation cuts its ledger by.
 */
function listTransactions(ctx: SandboxContext, query: URLSearchParams): ApiReply {
  const list = readListQuery(query);
  if ('refused' in list) return refuse(list.refused);
  const status = query.get('status')?.toLowerCase();
  const currency = query.get('currency')?.toUpperCase();
  const txRef = query.get('tx_ref');
  const rows = ctx.store
    .transactionsNewestFirst()
    .filter(
      (tx) =>
        (!status || tx.status === status) &&
        (!currency || tx.currency === currency) &&
        (!txRef || tx.txRef === txRef) &&
        list.createdWithin(tx.createdAt),
    );
  const { pageInfo, rows: shown } = pageOf(rows, list.page, transactionsPerPage);
  return ok({
    status: 'success',
    message: 'Transactions fetched',
    meta: { page_info: pageInfo },
    data: shown.map(transactionJson),
  });
}

const resendRequestSchema = z.object({ wait: z.union([z.literal(1), z.literal(0), z.boolean()]).optional() });

async function resendHook(ctx: SandboxContext, req: IncomingMessage, id: number): Promise<ApiReply> {
  const parsed = resendRequestSchema.safeParse((await readJson(req)) ?? {});
  if (!parsed.success) return refuse(validationMessage(parsed.error));
  const tx = ctx.store.transaction(id);
  if (!tx) return refuse('No transaction was found for this id');
  if (tx.status === 'pending') return refuse('This transaction has not completed: there is no hook to send');
  const delivery = ctx.webhooks.deliver(tx);
  // With `wait`, v3 answers after the attempt; without, at once.
  if (parsed.data.wait === 1 || parsed.data.wait === true) await delivery;
  return ok({ status: 'success', message: 'hook sent successfully', data: 'hook sent' });
}

// ---------------------------------------------------------------------------------------------
// Wallet balances

/** `GET /v3/balances`: the merchant's wallets. */
function listWallets(ctx: SandboxContext): ApiReply {
  const wallets = walletCurrencies(ctx.store).map((currency) => walletJson(ctx.store, currency));
  return ok({ status: 'success', message: 'Wallet balances fetched', data: wallets });
}

/** `GET /v3/balances/{currency}`: v3 answers a wallet for any currency code, at 0 where nothing moved. */
function getWallet(ctx: SandboxContext, code: string): ApiReply {
  if (!/^[A-Za-z]{3}$/.test(code)) return refuse('currency is invalid');
  return ok({ status: 'success', message: 'Wallet balance fetched', data: walletJson(ctx.store, code.toUpperCase()) });
}

// ---------------------------------------------------------------------------------------------
// Banks

const invalidAccountMessage = 'Sorry, that account number is invalid, please check and try again';

function listBanks(country: string): ApiReply {
  if (country.toUpperCase() !== 'NG') return refuse(`The sandbox lists banks for NG only, not ${country}`);
  return ok({ status: 'success', message: 'Banks fetched successfully', data: nigerianBanks });
}

const resolveRequestSchema = z.object({ account_number: z.string().trim(), account_bank: z.string().trim().min(1) });

async function resolveAccount(req: IncomingMessage): Promise<ApiReply> {
  const parsed = resolveRequestSchema.safeParse(await readJson(req));
  if (!parsed.success) return refuse(validationMessage(parsed.error));
  const { account_number: accountNumber, account_bank: bankCode } = parsed.data;
  const name = resolveAccountName(bankCode, accountNumber);
  if (!name) return refuse(invalidAccountMessage);
  return ok({
    status: 'success',
    message: 'Account details fetched',
    data: { account_number: accountNumber, account_name: name },
  });
}

// ---------------------------------------------------------------------------------------------
// Transfers (payouts)

const transferRequestSchema = z.object({
  account_bank: z.string().trim().min(1),
  account_number: z.string().trim().min(1),
  amount: z.union([z.number(), z.string()]),
  currency: z.string().trim().toUpperCase().length(3),
  narration: z.string().trim().max(200).optional(),
  /** v3 makes one up when it is left out. */
  reference: z.string().trim().min(1).max(100).optional(),
  debit_currency: z.string().trim().toUpperCase().length(3).optional(),
  callback_url: z.url({ protocol: /^https?$/ }).optional(),
  meta: z.unknown().optional(),
});

/**
 * What a Nigerian bank account can receive through v3: naira, and US dollars into a domiciliary
 * account (v3's bank-account transfer table; it sends EUR to SEPA and GBP to UK accounts only,
 * which the sandbox has none of).
 */
export const nigerianAccountCurrencies: readonly string[] = ['NGN', 'USD'];

/**
 * Why v3 would not make this transfer to a Nigerian test account, or undefined: the beneficiary's
 * currency must be one the account takes, and the debit wallet one the merchant can hold and
 * convert from (rates.ts). v3 documents no wording for either refusal; these are the sandbox's.
 */
function corridorRefusal(currency: string, debitCurrency: string): string | undefined {
  if (!nigerianAccountCurrencies.includes(currency)) {
    return `${currency} transfers to Nigerian bank accounts are not supported (NGN, or USD to a domiciliary account)`;
  }
  if (!isRateCurrency(debitCurrency)) {
    return `debit_currency ${debitCurrency} is not supported: transfers are debited from an NGN, USD, EUR or GBP wallet`;
  }
  return undefined;
}

/** v3 does not document its wording for a reused reference; this is the sandbox's. */
const duplicateTransferMessage = 'A transfer with this reference already exists';

/** v3's list answers 10 transfers a page, newest first. */
const transfersPerPage = 10;

async function createTransfer(ctx: SandboxContext, req: IncomingMessage): Promise<ApiReply> {
  if (ctx.faults.transferCreateFailures > 0) {
    ctx.faults.transferCreateFailures -= 1;
    return unavailable();
  }
  if (ctx.faults.transferCreateRefusals > 0) {
    ctx.faults.transferCreateRefusals -= 1;
    return refuse('Insufficient balance in wallet');
  }
  const parsed = transferRequestSchema.safeParse(await readJson(req));
  if (!parsed.success) return refuse(validationMessage(parsed.error));
  const request = parsed.data;
  const amountMinor = parseAmount(request.amount);
  if (amountMinor === null || amountMinor === 0) return refuse('Invalid amount');
  const debitCurrency = request.debit_currency ?? request.currency;
  const corridor = corridorRefusal(request.currency, debitCurrency);
  if (corridor) return refuse(corridor);
  // Test mode pays only the accounts it can resolve (Access Bank 0690000031-0690000041).
  const fullName = resolveAccountName(request.account_bank, request.account_number);
  if (!fullName) return refuse(invalidAccountMessage);
  const reference = request.reference ?? providerReference('SBXTRF-');
  if (ctx.store.transfersByReference(reference).length > 0) return refuse(duplicateTransferMessage);
  const transfer = ctx.payouts.make({
    reference,
    accountNumber: request.account_number,
    bankCode: request.account_bank,
    fullName,
    amountMinor,
    currency: request.currency,
    debitCurrency,
    narration: request.narration ?? '',
  });
  // The transfer is made and will be decided; only the answer is lost on its way back.
  if (ctx.faults.transferCreateLostReplies > 0) {
    ctx.faults.transferCreateLostReplies -= 1;
    return unavailable();
  }
  return ok({ status: 'success', message: 'Transfer Queued Successfully', data: transferJson(transfer) });
}

const rateQuerySchema = z.object({
  amount: z.string().trim().min(1),
  destination_currency: z.string().trim().toUpperCase().length(3),
  source_currency: z.string().trim().toUpperCase().length(3),
});

/**
 * `GET /v3/transfers/rates?amount=&destination_currency=&source_currency=`: what the source wallet
 * pays for `amount` of the destination currency, at the sandbox's fixed rates (rates.ts) as the
 * `nairaRates` fault moved them. v3's answer, with `rate` as its guide defines it (destination per
 * source unit) and `source.amount` rounded half up to the cent. 503 while `faults.ratesDown`.
 */
function transferRate(ctx: SandboxContext, query: URLSearchParams): ApiReply {
  // The `ratesDown` fault: the provider is up but cannot quote; the call reached it (it is recorded).
  if (ctx.faults.ratesDown) return refuse('Unable to fetch rates at the moment', 503);
  const parsed = rateQuerySchema.safeParse(Object.fromEntries(query));
  if (!parsed.success) return refuse(validationMessage(parsed.error));
  const { amount, destination_currency: destination, source_currency: source } = parsed.data;
  const destinationMinor = parseAmount(amount);
  if (destinationMinor === null || destinationMinor === 0) return refuse('amount is invalid');
  // v3 documents only "Unable to fetch rates at the moment" (a passing failure); a pair it has no
  // rate for is refused in the sandbox's words, so that nobody retries it.
  if (!isRateCurrency(source) || !isRateCurrency(destination)) {
    return refuse(`Transfer rates from ${source} to ${destination} are not available`);
  }
  return ok({
    status: 'success',
    message: 'Transfer amount fetched',
    data: {
      rate: quotedRate(ctx.faults, source, destination),
      source: { currency: source, amount: majorAmount(sourceAmountMinor(ctx.faults, source, destination, destinationMinor)) },
      destination: { currency: destination, amount: majorAmount(destinationMinor) },
    },
  });
}

function getTransfer(ctx: SandboxContext, id: number): ApiReply {
  const transfer = ctx.store.transfer(id);
  if (!transfer) return refuse('Transfer not found', 404);
  return ok({ status: 'success', message: 'Transfer fetched', data: transferJson(transfer) });
}

const transferStatuses: ReadonlyArray<SandboxTransfer['status']> = ['NEW', 'PENDING', 'SUCCESSFUL', 'FAILED'];

/** `GET /v3/transfers?page=&status=`: like v3, no filter by reference. */
function listTransfers(ctx: SandboxContext, query: URLSearchParams): ApiReply {
  const pageText = query.get('page') ?? '1';
  if (!/^\d{1,6}$/.test(pageText) || Number(pageText) < 1) return refuse('page is invalid');
  const page = Number(pageText);
  let rows = ctx.store.transfersNewestFirst();
  const status = query.get('status');
  if (status) {
    const wanted = transferStatuses.find((s) => s === status.toUpperCase());
    if (!wanted) return refuse('status is invalid');
    rows = rows.filter((t) => t.status === wanted);
  }
  return ok({
    status: 'success',
    message: 'Transfers fetched',
    meta: {
      page_info: { total: rows.length, current_page: page, total_pages: Math.ceil(rows.length / transfersPerPage) },
    },
    data: rows.slice((page - 1) * transfersPerPage, page * transfersPerPage).map(transferJson),
  });
}

function retryTransfer(ctx: SandboxContext, id: number): ApiReply {
  const failed = ctx.store.transfer(id);
  if (!failed) return refuse('Transfer not found', 404);
  if (failed.status !== 'FAILED') return refuse('Only a failed transfer can be retried');
  // Another attempt of the same payout on its way (or through) must not be paid twice.
  const live = ctx.store.attemptsOf(failed.reference).find((t) => t.status !== 'FAILED');
  if (live) return refuse(`Attempt ${live.id} of this transfer is ${live.status.toLowerCase()}: there is nothing to retry`);
  const attempt = ctx.payouts.retry(failed);
  return ok({ status: 'success', message: 'Transfer retry attempt queued.', data: transferJson(attempt) });
}

/** `GET /v3/transfers/{id}/retries`: the retry attempts of a transfer, oldest first. */
function listRetries(ctx: SandboxContext, id: number): ApiReply {
  if (!ctx.store.transfer(id)) return refuse('Transfer not found', 404);
  return ok({ status: 'success', message: 'Transfer retry attempts fetched.', data: ctx.store.retriesOf(id).map(transferJson) });
}

/**
 * The sandbox's own `POST /__transfers/{id}/resend-hook` (v3 has a resend-hook for transactions
 * only): sends a decided transfer's `transfer.completed` again, answered like the transactions' one.
 */
export async function handleTransferResendHook(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  id: number,
): Promise<void> {
  const reply = await resendTransferHook(ctx, req, id);
  if (!res.destroyed) sendJson(res, reply.status, reply.body);
}

async function resendTransferHook(ctx: SandboxContext, req: IncomingMessage, id: number): Promise<ApiReply> {
  if (req.method !== 'POST') return refuse('POST only', 405);
  const parsed = resendRequestSchema.safeParse((await readJson(req)) ?? {});
  if (!parsed.success) return refuse(validationMessage(parsed.error));
  const transfer = ctx.store.transfer(id);
  if (!transfer) return refuse('Transfer not found', 404);
  if (transfer.status === 'NEW' || transfer.status === 'PENDING') {
    return refuse('This transfer has not been decided yet: there is no hook to send');
  }
  const delivery = ctx.webhooks.deliverTransfer(transfer, { resend: true });
  if (parsed.data.wait === 1 || parsed.data.wait === true) await delivery;
  return ok({ status: 'success', message: 'hook sent successfully', data: 'hook sent' });
}

// ---------------------------------------------------------------------------------------------

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = (await readBody(req, 1024 * 1024)).toString('utf8');
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** v3-style wording: "email is required", "amount is invalid". */
function validationMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  if (!field) return 'Request body must be a JSON object';
  return issue.code === 'invalid_type' && issue.message.includes('undefined') ? `${field} is required` : `${field} is invalid`;
}
