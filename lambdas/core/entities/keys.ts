/** Key builders of the one table (README: entities and access patterns). */
export const userKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'PROFILE' });
export const emailKey = (email: string) => ({ PK: `EMAIL#${email}`, SK: 'USER' });
export const deviceKey = (sub: string, deviceId: string) => ({ PK: `USER#${sub}`, SK: `DEVICE#${deviceId}` });
export const devicePrefix = 'DEVICE#';
export const signInCodeKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'OTP#SIGNIN' });
export const resetLinkKey = (tokenHash: string) => ({ PK: `RESET#${tokenHash}`, SK: 'META' });
