/** Key builders of the one table (README: entities and access patterns). */
export const userKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'PROFILE' });
export const emailKey = (email: string) => ({ PK: `EMAIL#${email}`, SK: 'USER' });
export const deviceKey = (sub: string, deviceId: string) => ({ PK: `USER#${sub}`, SK: `DEVICE#${deviceId}` });
export const devicePrefix = 'DEVICE#';
export const signInCodeKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'OTP#SIGNIN' });
export const resetLinkKey = (tokenHash: string) => ({ PK: `RESET#${tokenHash}`, SK: 'META' });
export const contractKey = (id: string) => ({ PK: `CONTRACT#${id}`, SK: 'META' });
/** A party's link to a contract (accepted or paid), indexed by party in GSI2 (Engaged Contracts). */
export const partyLinkKey = (contractId: string, sub: string) => ({ PK: `CONTRACT#${contractId}`, SK: `PAYER#${sub}` });
export const partyLinkPrefix = 'PAYER#';
export const templateKey = (id: string) => ({ PK: `TEMPLATE#${id}`, SK: 'META' });
export const notificationKey = (sub: string, id: string) => ({ PK: `USER#${sub}`, SK: `NOTIF#${id}` });
export const notificationPrefix = 'NOTIF#';
export type CreatorItemKind = 'CONTRACT' | 'TEMPLATE';
export const creatorPartition = (sub: string) => `CREATOR#${sub}`;
/** GSI1: items by creator, newest last in key order. */
export const byCreator = (sub: string, kind: CreatorItemKind, createdAt: string, id: string) => ({
  GSI1PK: creatorPartition(sub),
  GSI1SK: `${kind}#${createdAt}#${id}`,
});
/** GSI2: a party's contracts. */
export const byParty = (sub: string, at: string, contractId: string) => ({
  GSI2PK: `PAYER#${sub}`,
  GSI2SK: `${at}#${contractId}`,
});
