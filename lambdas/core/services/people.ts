import type { Contract } from '../domain/escrow-contract';
import { formatAmount } from '../domain/money';
import { getProfile, type UserProfile } from '../entities/profile';

/** What other people read as someone's name. */
export async function displayName(sub: string): Promise<string> {
  return displayNameOf(await getProfile(sub));
}

/** {@link displayName} of a profile already read. */
export function displayNameOf(profile: Pick<UserProfile, 'full_name' | 'email'> | undefined): string {
  return profile?.full_name || profile?.email || 'Someone';
}

/** What a buyer is told of a contract made for them: when it is created, or when their invitation to it is taken up. */
export function newContractNotice(seller: string, contract: Pick<Contract, 'id' | 'title' | 'value_minor' | 'currency'>): string {
  return `${seller} created the contract "${contract.title}" for you (${formatAmount(contract.value_minor, contract.currency)}). Contract ID: ${contract.id}`;
}
