import { toTwoDecimalString } from '../../../lambdas/core/domain/money';
import type { SandboxRefund } from './refunds';
import type { SandboxCustomer, SandboxTransaction, SandboxTransfer } from './store';

/** The merchant account every sandbox transaction belongs to (v3 reports it as `account_id`). */
export const sandboxAccountId = 100_001;

/** The business the sandbox collects for, as a transfer note names it. */
export const sandboxMerchantName = 'Escrow (sandbox merchant)';

/** The bank that holds the accounts made for bank-transfer charges. */
export const sandboxBankName = 'Sandbox Bank';

/** Minor units as the provider's JSON number (150050 -> 1500.5): two decimals, as the sandbox reads every amount (parseAmount). */
export function majorAmount(minor: number): number {
  return Number(toTwoDecimalString(minor));
}

/**
 * The provider's fee on a received payment: 1.4% capped at NGN 2,000 for naira, 3.8% otherwise,
 * rounded half up to the kobo (BigInt: amount x rate can pass 2^53).
 */
export function appFeeMinor(amountMinor: number, currency: string): number {
  const basisPoints = currency === 'NGN' ? 140n : 380n;
  const fee = Number((BigInt(amountMinor) * basisPoints + 5_000n) / 10_000n);
  return currency === 'NGN' ? Math.min(fee, 200_000) : fee;
}

/** "2025-01-31 14:05:00": an instant as Lagos wall time (WAT, UTC+1, no daylight saving), as v3 writes expiries. */
export function lagosTime(iso: string): string {
  const wat = new Date(Date.parse(iso) + 3_600_000).toISOString();
  return `${wat.slice(0, 10)} ${wat.slice(11, 19)}`;
}

/** A stable customer id per email, as the provider keeps one customer record per email. */
function customerId(email: string): number {
  let hash = 2_166_136_261;
  for (const char of email.toLowerCase()) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16_777_619) >>> 0;
  return 1_000_000 + (hash % 9_000_000);
}

function customerJson(customer: SandboxCustomer, createdAt: string) {
  return {
    id: customerId(customer.email),
    name: customer.name ?? 'N/A',
    phone_number: customer.phoneNumber ?? 'N/A',
    email: customer.email,
    created_at: createdAt,
  };
}

const authModels: Record<SandboxTransaction['paymentType'], string> = {
  card: 'VBVSECURECODE',
  bank_transfer: 'AUTH',
  opay: 'REDIRECT',
};

/** A transaction as `data` of v3's verify answer (and of the OPay charge answer). */
export function transactionJson(tx: SandboxTransaction) {
  return {
    id: tx.id,
    tx_ref: tx.txRef,
    flw_ref: tx.flwRef,
    device_fingerprint: 'N/A',
    amount: majorAmount(tx.amountMinor),
    currency: tx.currency,
    charged_amount: majorAmount(tx.chargedAmountMinor),
    app_fee: majorAmount(tx.appFeeMinor),
    merchant_fee: 0,
    processor_response: tx.processorResponse,
    auth_model: authModels[tx.paymentType],
    ip: '127.0.0.1',
    narration: tx.narration,
    status: tx.status,
    payment_type: tx.paymentType,
    created_at: tx.createdAt,
    account_id: sandboxAccountId,
    amount_settled: tx.status === 'successful' ? majorAmount(tx.amountMinor - tx.appFeeMinor) : 0,
    meta: null,
    customer: customerJson(tx.customer, tx.createdAt),
  };
}

const eventTypes: Record<SandboxTransaction['paymentType'], string> = {
  card: 'CARD_TRANSACTION',
  bank_transfer: 'BANK_TRANSFER_TRANSACTION',
  opay: 'OPAY_TRANSACTION',
};

/** The `charge.completed` webhook body for a finished transaction. */
export function chargeCompletedEvent(tx: SandboxTransaction) {
  const { amount_settled: _settled, meta: _meta, ...data } = transactionJson(tx);
  return { event: 'charge.completed', data, 'event.type': eventTypes[tx.paymentType] };
}

/** A transfer as `data` of v3's create, fetch, list and retry answers. */
export function transferJson(transfer: SandboxTransfer) {
  return {
    id: transfer.id,
    account_number: transfer.accountNumber,
    bank_code: transfer.bankCode,
    full_name: transfer.fullName,
    created_at: transfer.createdAt,
    currency: transfer.currency,
    debit_currency: transfer.debitCurrency,
    amount: majorAmount(transfer.amountMinor),
    fee: transfer.fee,
    status: transfer.status,
    reference: transfer.reference,
    meta: null,
    narration: transfer.narration,
    complete_message: transfer.completeMessage,
    requires_approval: 0,
    is_approved: 1,
    bank_name: transfer.bankName,
  };
}

/** The `transfer.completed` webhook body for a decided transfer (the webhook writes `fullname`, the API `full_name`). */
export function transferCompletedEvent(transfer: SandboxTransfer) {
  const { full_name: fullname, ...fields } = transferJson(transfer);
  return {
    event: 'transfer.completed',
    'event.type': 'Transfer',
    data: {
      id: fields.id,
      account_number: fields.account_number,
      bank_name: fields.bank_name,
      bank_code: fields.bank_code,
      fullname,
      created_at: fields.created_at,
      currency: fields.currency,
      debit_currency: fields.debit_currency,
      amount: fields.amount,
      fee: fields.fee,
      status: fields.status,
      reference: fields.reference,
      meta: fields.meta,
      narration: fields.narration,
      approver: null,
      complete_message: fields.complete_message,
      requires_approval: fields.requires_approval,
      is_approved: fields.is_approved,
    },
  };
}

/** The merchant wallet refunds are paid from (v3 reports it as `wallet_id`). */
const sandboxWalletId = 100_101;

/** A refund as `data` of v3's create answer (and of the sandbox's `GET /refunds/{id}`, which v3 does not show). */
export function refundJson(refund: SandboxRefund) {
  return {
    id: refund.id,
    account_id: sandboxAccountId,
    tx_id: refund.transactionId,
    flw_ref: refund.flwRef,
    wallet_id: sandboxWalletId,
    amount_refunded: majorAmount(refund.amountMinor),
    status: refund.status,
    destination: 'payment_source',
    meta: { source: 'availablebalance' },
    created_at: refund.createdAt,
  };
}

/** A refund as a row of v3's `GET /refunds` (it names the transaction `transaction_id`). */
export function refundListJson(refund: SandboxRefund) {
  return {
    id: refund.id,
    amount_refunded: majorAmount(refund.amountMinor),
    status: refund.status,
    flw_ref: refund.flwRef,
    comment: refund.comments,
    settlement_id: 'N/A',
    meta: null,
    created_at: refund.createdAt,
    account_id: sandboxAccountId,
    transaction_id: refund.transactionId,
  };
}

/** The sandbox's refund webhook body (v3 documents none): `refund.completed` with the outcome in `data.status`. */
export function refundCompletedEvent(refund: SandboxRefund) {
  return { event: 'refund.completed', data: { ...refundJson(refund), currency: refund.currency } };
}

/** v3's error envelope. */
export function errorJson(message: string) {
  return { status: 'error', message, data: null };
}
