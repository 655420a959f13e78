import type { ContractPerson } from '@escrow/api/contracts';
import { shortId } from './format';

/** The name to show for a user id: full name, else @username, else the shortened id. */
export function personName(people: readonly ContractPerson[], userId: string): string {
  const person = people.find((p) => p.id === userId);
  return person?.full_name?.trim() || (person?.username ? `@${person.username}` : shortId(userId));
}
