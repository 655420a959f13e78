/** Reads the local mailbox (aws-ses-v2-local) the way a person reads their inbox. */
export interface MailboxEmail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** The headers the sender added of its own (SES v2 `Headers`), when it added any. */
  headers?: Array<{ name: string; value: string }>;
  at: number;
}

/** The value of a header the sender added, by name (any case). */
export function headerOf(email: MailboxEmail, name: string): string | undefined {
  return email.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
}

export async function emailsTo(mailboxUrl: string, address: string): Promise<MailboxEmail[]> {
  const response = await fetch(`${mailboxUrl}/store`);
  const { emails } = (await response.json()) as { emails: MailboxEmail[] };
  return emails.filter((e) => e.destination.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** The newest email to an address, waiting briefly for it to arrive. */
export async function latestEmailTo(mailboxUrl: string, address: string, timeoutMs = 5_000): Promise<MailboxEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const emails = await emailsTo(mailboxUrl, address);
    const last = emails.at(-1);
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`No email to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first run of six digits in an email's text: a confirmation code or OTP. */
export function sixDigitCode(email: MailboxEmail): string {
  const code = /\b(\d{6})\b/.exec(email.body.text ?? email.body.html ?? '')?.[1];
  if (!code) throw new Error(`No code in email "${email.subject}"`);
  return code;
}
