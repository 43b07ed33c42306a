import type { MailMessage } from './mailer.js';

/** The account mails. Each carries one link, which the outbox log shows too. */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function mail(
  to: string,
  subject: string,
  lines: string[],
  action?: { label: string; link: string },
): MailMessage {
  const text = [
    ...lines,
    ...(action ? ['', `${action.label}: ${action.link}`] : []),
    '',
    'The Limbus team',
  ].join('\n');
  const html = [
    '<div style="font-family:system-ui,sans-serif;max-width:560px">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.link)}" style="background:#5f3dc4;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
      : '',
    '<p>The Limbus team</p></div>',
  ].join('\n');
  return { to, subject, text, html, link: action?.link };
}

export const activationMail = (to: string, firstName: string, link: string) =>
  mail(
    to,
    'Activate your Limbus account',
    [
      `Hi ${firstName},`,
      'Welcome to Limbus. Open the link below to activate your account. The link works once and expires in 3 days.',
    ],
    { label: 'Activate account', link },
  );

export const invitationMail = (to: string, companyName: string, link: string) =>
  mail(
    to,
    `You are invited to ${companyName} on Limbus`,
    [
      'Hi,',
      `You have been invited to join ${companyName} on Limbus, the neuro-usability research platform.`,
      'Open the link below to set your name and password. The link works once and expires in 7 days.',
    ],
    { label: 'Set up your account', link },
  );

export const passwordResetMail = (to: string, link: string) =>
  mail(
    to,
    'Reset your Limbus password',
    [
      'Hi,',
      'Someone asked to reset the password of your Limbus account. If it was you, open the link below; it works once and expires in 2 hours.',
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', link },
  );

export const accountExistsMail = (to: string, signInLink: string, resetLink: string) =>
  mail(to, 'You already have a Limbus account', [
    'Hi,',
    'Someone tried to sign up for Limbus with this address, which already has an account.',
    `If it was you, sign in at ${signInLink} or reset your password at ${resetLink}.`,
    'If it was not you, ignore this mail.',
  ]);

export const noAccountMail = (to: string, signUpLink: string) =>
  mail(to, 'Reset your Limbus password', [
    'Hi,',
    'Someone asked to reset the password of a Limbus account with this address, but there is no account with it.',
    `If it was you, you may have signed up with another address, or you can sign up at ${signUpLink}.`,
    'If it was not you, ignore this mail.',
  ]);

/** To the provider's staff: a user started a support conversation. */
export const supportConversationMail = (
  to: string,
  conversation: { subject: string; companyName: string; starterName: string; message: string },
  link: string,
) =>
  mail(
    to,
    `Support: ${conversation.subject}`,
    [
      'Hi,',
      `${conversation.starterName} of ${conversation.companyName} started a support conversation:`,
      conversation.message,
    ],
    { label: 'Answer in the support inbox', link },
  );

/** To the starter of a support conversation: staff replied. */
export const supportReplyMail = (to: string, subject: string, link: string) =>
  mail(to, `Re: ${subject}`, ['Hi,', `The Limbus team replied to your support conversation "${subject}".`], {
    label: 'Read the reply',
    link,
  });
