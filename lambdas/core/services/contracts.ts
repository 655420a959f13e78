import { isDeepStrictEqual } from 'node:util';
import { ulid } from 'ulid';
import {
  type ContractForAcceptor,
  type ContractView,
  type ContractWithPeople,
  type CreateContractResponse,
  type EditContractRequest,
  type OfferedTerms,
  offeredTerms,
} from '../api/contracts';
import { inspectionDays } from '../domain/delivery';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../domain/errors';
import {
  assertMayChange,
  assertMayRespond,
  type Contract,
  contractMessages,
  invitationPlaceholder,
  isInvitation,
  isParty,
  nextStatus,
} from '../domain/escrow-contract';
import { type MilestoneTerms, milestoneMessages, milestonesValue, numberMilestones } from '../domain/milestones';
import type { Currency } from '../domain/money';
import { throttles } from '../domain/throttle-rules';
import {
  commitContractChange,
  contractDelete,
  contractPut,
  contractUpdate,
  getContracts,
  listContractsByCreator,
  loadContract,
  updated,
} from '../entities/contract';
import { contractEvidence } from '../entities/evidence';
import { invitationPut } from '../entities/invitation';
import { notificationItems } from '../entities/notification';
import { listContractIdsByParty, partyLinkPut } from '../entities/party-link';
import { getNames, getProfile, getProfileByEmail } from '../entities/profile';
import { toContractView, undisclosedTo } from './contract-view';
import { openEscrow } from './escrow-workflow';
import { evidenceView } from './evidence-view';
import { hasStoppedEmailsFrom, invitationTakenUpBy, inviteByEmail, mayEmailNamed } from './invitations';
import { milestoneViews } from './milestones';
import { heldBackNotice, mayTellUnasked } from './notifications';
import { displayName, displayNameOf, newContractNotice } from './people';
import { countAttempt } from './throttles';

/** Contract use cases: load, decide with the domain (domain/escrow-contract.ts), write in one transaction. */

/** A new contract; its status is where the table's creation event (`create` or `instantiate`) leads. */
export function newContract(fields: {
  event: 'create' | 'instantiate';
  creatorId: string;
  acceptorId: string;
  title: string;
  description: string;
  valueMinor: number;
  currency: Currency;
  now: string;
  acceptedBy?: string[];
  inspectionDays?: number;
  invitedEmail?: string | null;
  milestones?: MilestoneTerms[] | null;
}): Contract {
  const id = ulid();
  return {
    id,
    creator_id: fields.creatorId,
    acceptor_id: fields.acceptorId || invitationPlaceholder(id),
    invited_email: fields.invitedEmail ?? null,
    title: fields.title,
    description: fields.description,
    value_minor: fields.valueMinor,
    currency: fields.currency,
    status: nextStatus(null, fields.event),
    amount_paid_minor: 0,
    total_amount_minor: fields.valueMinor,
    payer_user_ids: [],
    marked_as_cc: null,
    inspection_days: fields.inspectionDays ?? inspectionDays.default,
    delivered_at: null,
    delivery_note: null,
    inspection_ends_at: null,
    delivery_due_at: null,
    accepted_by: fields.acceptedBy ?? [],
    rejected_by: [],
    created_at: fields.now,
    accepted_at: fields.event === 'instantiate' ? fields.now : null,
    cancellation_requested_by: null,
    milestones: fields.milestones?.length ? numberMilestones(fields.milestones, ulid) : null,
    milestone_of: null,
    version: 1,
  };
}

/** A milestone as a create or edit request carries it, once validated (amount in minor units). */
export interface MilestoneInput {
  title: string;
  amount: number;
  dueDate?: string | null;
}

/** A request's value and milestones as a new contract takes them: with milestones, the value is their sum (the edge checked a given one). */
export function valueAndMilestones(input: { value?: number; milestones?: MilestoneInput[] }): {
  valueMinor: number;
  milestones: MilestoneTerms[] | null;
} {
  if (!input.milestones) return { valueMinor: input.value ?? 0, milestones: null };
  const milestones = input.milestones.map((m) => ({ title: m.title, amount_minor: m.amount, due_date: m.dueDate ?? null }));
  return { valueMinor: milestonesValue(milestones), milestones };
}

/**
 * An edit's value and milestones (a contract's or a template's): milestones left out keep the ones
 * it has (`kept`), and the value must then still be their sum; otherwise as {@link valueAndMilestones}.
 */
export function editedValueAndMilestones(
  current: readonly Pick<MilestoneTerms, 'amount_minor'>[] | null | undefined,
  input: { value?: number; milestones?: MilestoneInput[] | null },
): { valueMinor: number; milestones: MilestoneTerms[] | null | 'kept' } {
  if (input.milestones === undefined && current?.length) {
    if (input.value !== milestonesValue(current)) throw new ValidationError(milestoneMessages.valueIsSum);
    return { valueMinor: input.value, milestones: 'kept' };
  }
  return valueAndMilestones({ value: input.value, milestones: input.milestones ?? undefined });
}

/**
 * What anyone signed in who holds the id may see before accepting: the offer, who the seller is,
 * and whether `viewer` is that seller (their page of it is elsewhere). A 404 without the contract.
 */
export async function contractForAcceptor(contractId: string, viewer: string): Promise<ContractForAcceptor> {
  const contract = await loadContract(contractId);
  const { id, title, description, value_minor, currency, status, payer_user_ids, inspection_days, milestones } = contract;
  return {
    id,
    title,
    description,
    value_minor,
    currency,
    status,
    payer_user_ids,
    inspection_days,
    // Only a contract in milestones says so: the offer of any other carries the spec's fields alone.
    ...(milestones ? { milestones } : {}),
    seller_name: await displayName(contract.creator_id),
    is_seller: contract.creator_id === viewer,
  };
}

/**
 * A private contract for one named buyer, named by User ID or by email, who is told in the same
 * transaction and by email with the contract's link, within the limits on what anyone is told
 * unasked (services/notifications.ts). An email with an account behind it names that person; one
 * without gets an invitation (the contract waits for whoever signs up with it,
 * services/invitations.ts). The seller is answered alike either way, so creating a contract never
 * tells whether an email has an account, nor whether its person was told.
 *
 * Named by email, the contract is emailed only within the creator's invitation emails for the
 * hour, and never to an address that stopped emails from them; otherwise it is still made and the
 * reply says it was not emailed, so its creator shares the link by hand. A person named by User
 * ID who once stopped this sender's invitations is not emailed either, only notified.
 */
export async function createContract(
  creatorId: string,
  input: {
    acceptorId: string;
    title: string;
    description: string;
    value?: number;
    currency: Currency;
    inspectionDays?: number;
    milestones?: MilestoneInput[];
  },
): Promise<CreateContractResponse> {
  const named = await nameBuyer(creatorId, input.acceptorId);
  await countAttempt(throttles.contractsByCreator, creatorId);
  await countAttempt(throttles.contractsForPerson, `${creatorId}#${named.email ?? named.sub}`);
  const creatorProfile = await getProfile(creatorId);
  const mayEmail = named.email
    ? await mayEmailNamed({ sub: creatorId, created_at: creatorProfile?.created_at }, named.email)
    : !(await hasStoppedEmailsFrom(named.accountEmail, creatorId));
  // Nothing to tell an address without an account that may not be emailed: its limits are left alone.
  const told = (named.sub !== null || mayEmail) && (await mayTellUnasked(creatorId, named.sub ?? named.email ?? ''));
  const now = new Date().toISOString();
  const contract = newContract({
    event: 'create',
    creatorId,
    acceptorId: named.sub ?? '',
    invitedEmail: named.email,
    title: input.title,
    description: input.description,
    ...valueAndMilestones(input),
    currency: input.currency,
    inspectionDays: input.inspectionDays,
    now,
  });
  const creator = displayNameOf(creatorProfile);
  const invitation = named.email && !named.sub ? { email: named.email, contract_id: contract.id, created_at: now } : null;
  await commitContractChange([
    contractPut(contract),
    ...(invitation
      ? [invitationPut(invitation)]
      : told
        ? notificationItems(contract.acceptor_id, 'New contract', newContractNotice(creator, contract), now, {
            contract,
            ...(mayEmail ? { email: 'contract-created' as const, values: { seller: creator } } : {}),
          })
        : await heldBackNotice(contract.acceptor_id, now)),
  ]);
  if (invitation && told) await inviteByEmail(invitation.email, contract);
  return { id: contract.id, ...(named.email ? { invitation_emailed: mayEmail } : {}) };
}

/**
 * Who a new contract is for: a User ID names a person (or is refused); an email may name a person
 * or no one yet. `accountEmail`: where that person's emails go.
 */
async function nameBuyer(
  creatorId: string,
  named: string,
): Promise<{ sub: string; email: null; accountEmail: string } | { sub: string | null; email: string; accountEmail: string }> {
  if (!named.includes('@')) {
    if (named === creatorId) throw new ValidationError(contractMessages.forYourself);
    const profile = await getProfile(named);
    if (!profile) throw new NotFoundError(contractMessages.unknownAcceptor);
    return { sub: named, email: null, accountEmail: profile.email };
  }
  const email = named.trim().toLowerCase();
  const account = await getProfileByEmail(email);
  if (account?.sub === creatorId) throw new ValidationError(contractMessages.forYourself);
  return { sub: account?.sub ?? null, email, accountEmail: email };
}

/**
 * Accepts as the named acceptor: the contract becomes `active` (its terms freeze), it is linked to
 * their Engaged Contracts, the creator is told, and its escrow execution starts. Accepting again
 * changes nothing and tells nobody twice, but makes sure the execution runs (if the first try
 * stopped between the write and the start, the retry finishes it).
 */
export async function acceptContract(id: string, sub: string, terms?: OfferedTerms): Promise<ContractView> {
  const stored = await loadContract(id);
  if (stored.acceptor_id === sub && stored.accepted_by.includes(sub) && stored.status !== 'cancelled') {
    await openEscrow(stored.id);
    return toContractView(stored);
  }
  // Terms the buyer's page showed that are no longer the contract's (the seller edited it since)
  // are not accepted. An edit after this read changes the version the acceptance is conditional on.
  if (terms && !isDeepStrictEqual(offeredTerms(stored), terms)) throw new ConflictError(contractMessages.termsChanged);
  const invitation = await invitationTakenUpBy(stored, sub);
  const contract = { ...stored, ...invitation.set };
  assertMayRespond(contract, sub);
  const now = new Date().toISOString();
  const changes = {
    ...invitation.set,
    status: nextStatus(contract.status, 'accept'),
    accepted_by: [...contract.accepted_by, sub],
    accepted_at: now,
  };
  await commitContractChange([
    contractUpdate(stored, changes),
    ...invitation.items,
    partyLinkPut({ contract_id: contract.id, user_id: sub, role: 'acceptor', linked_at: now }),
    ...notificationItems(
      contract.creator_id,
      'Contract accepted',
      `${await displayName(sub)} accepted "${contract.title}".`,
      now,
      {
        contract,
        email: 'contract-accepted',
      },
    ),
  ]);
  await openEscrow(contract.id);
  return toContractView(updated(stored, changes));
}

/** Rejects as the named acceptor: the contract is cancelled and the creator told. */
export async function rejectContract(id: string, sub: string): Promise<ContractView> {
  const stored = await loadContract(id);
  const invitation = await invitationTakenUpBy(stored, sub);
  const contract = { ...stored, ...invitation.set };
  assertMayRespond(contract, sub, 'reject');
  const now = new Date().toISOString();
  const changes = {
    ...invitation.set,
    status: nextStatus(contract.status, 'reject'),
    rejected_by: [...contract.rejected_by, sub],
  };
  await commitContractChange([
    contractUpdate(stored, changes),
    ...invitation.items,
    ...notificationItems(
      contract.creator_id,
      'Contract rejected',
      `${await displayName(sub)} rejected "${contract.title}".`,
      now,
      {
        contract,
        email: 'contract-rejected',
      },
    ),
  ]);
  return toContractView(updated(stored, changes));
}

export async function editContract(
  id: string,
  sub: string,
  input: Omit<EditContractRequest, 'value' | 'milestones'> & { value?: number; milestones?: MilestoneInput[] | null },
): Promise<ContractView> {
  const contract = await loadContract(id);
  assertMayChange(contract, sub);
  const terms = editedValueAndMilestones(contract.milestones, input);
  const milestones =
    terms.milestones === 'kept' ? (contract.milestones ?? null) : terms.milestones && numberMilestones(terms.milestones, ulid);
  const changes = {
    title: input.title,
    description: input.description,
    value_minor: terms.valueMinor,
    total_amount_minor: terms.valueMinor,
    currency: input.currency,
    milestones,
  };
  await commitContractChange([contractUpdate(contract, changes)]);
  return toContractView(updated(contract, changes));
}

/** Deletes the contract, only while its terms may still change (nobody has accepted it, so nothing links to it). */
export async function deleteContract(id: string, sub: string): Promise<void> {
  const contract = await loadContract(id);
  assertMayChange(contract, sub);
  await commitContractChange([contractDelete(contract, contract.status)]);
}

/** A contract with the names of its parties, for its creator, named acceptor and payers only. */
export async function contractForParty(id: string, sub: string): Promise<ContractWithPeople> {
  const contract = await loadContract(id);
  if (!isParty(contract, sub)) throw new ForbiddenError(contractMessages.notCreator);
  // Named by email and not yet accepted: whether that email has an account stays untold (no name, no id).
  const undisclosed = undisclosedTo(contract, sub);
  const ids = [...new Set([contract.creator_id, contract.acceptor_id, ...contract.payer_user_ids])].filter(
    (pid) => !isInvitation(pid) && !(undisclosed && pid === contract.acceptor_id),
  );
  const [names, files, milestones] = await Promise.all([getNames(ids), contractEvidence(contract.id), milestoneViews(contract)]);
  const people = ids.map((pid) => ({
    id: pid,
    full_name: names.get(pid)?.full_name ?? null,
    username: names.get(pid)?.username ?? null,
  }));
  const evidence = files.filter((file) => file.status === 'confirmed' && file.attached_to).map(evidenceView);
  return { contract: toContractView(contract, sub), people, evidence, ...(milestones ? { milestones } : {}) };
}

/** The caller's own contracts, newest first. */
export async function contractsCreatedBy(sub: string): Promise<ContractView[]> {
  return (await listContractsByCreator(sub)).map((contract) => toContractView(contract, sub));
}

/** Contracts the caller accepted or paid for, newest link first. */
export async function contractsEngagedBy(sub: string): Promise<ContractView[]> {
  return (await getContracts(await listContractIdsByParty(sub))).map((contract) => toContractView(contract, sub));
}
