/** What the Contact Us form sends (spec §3 "Contact form"). */
export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** The Contact Us texts (spec §8 "Contact" for the failure). */
export const contactMessages = {
  sent: 'Thank you for contacting us. Your message has been sent.',
  sendFailed: 'Failed to send message. Please try again later.',
} as const;

/**
 * The spec's contact form only simulates sending and makes no call (§2, §7): nothing leaves the
 * browser, so today this cannot fail. The form still treats it as the send it stands for, and
 * shows `contactMessages.sendFailed` should it ever reject (e.g. once a real send replaces it).
 */
export async function sendContactMessage(_message: ContactMessage): Promise<void> {}
