import type { OutgoingMail } from '../src/notify/notifier';
import type { TestContext } from './helper';

/**
 * Calls of the recovery routes. Each takes the client address it comes from: the routes count thirty
 * calls per address, so a test gets its own address unless it is about that limit.
 */
let lastIp = 0;
export function freshIp(): string {
  lastIp++;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

type Headers = Record<string, string>;

export const askByMail = (
  ctx: TestContext,
  email: string,
  correspondant = false,
  ip = freshIp(),
  headers: Headers = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/resetPassword/user/mail?${new URLSearchParams({ email, roleCorrespondant: String(correspondant) })}`,
    remoteAddress: ip,
    headers,
  });

export const answerByMail = (
  ctx: TestContext,
  body: { idQuestion: number; response: string; mail: string; roleCorrespondant?: boolean },
  ip = freshIp(),
  headers: Headers = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/resetPassword',
    remoteAddress: ip,
    headers,
    payload: { roleCorrespondant: false, ...body },
  });

export const askByPhone = (
  ctx: TestContext,
  body: { portable: string; dateDeNaissance: string },
  ip = freshIp(),
) =>
  ctx.app.inject({ method: 'POST', url: '/api/resetPassword/user/phone', remoteAddress: ip, payload: body });

export const answerByPhone = (
  ctx: TestContext,
  body: { idQuestion: number; response: string; phone: string; dateDeNaissance: string },
  ip = freshIp(),
) => ctx.app.inject({ method: 'POST', url: '/api/forgotLogin', remoteAddress: ip, payload: body });

export const checkToken = (ctx: TestContext, token: string, ip = freshIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/resetPassword/token?${new URLSearchParams({ token })}`,
    remoteAddress: ip,
  });

export const savePassword = (
  ctx: TestContext,
  mode: 'reinitpassword' | 'savePassword',
  token: string,
  password: string,
  passwordConfirm = password,
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/${mode}`,
    remoteAddress: freshIp(),
    payload: { token, password, passwordConfirm },
  });

/** The last mail sent to an address. */
export function lastMailTo(ctx: TestContext, to: string): OutgoingMail {
  const mail = [...ctx.notifier.mails].reverse().find((entry) => entry.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The link a mail carries, and its token. */
export function linkIn(mail: OutgoingMail): { link: string; token: string } {
  const link = mail.text.match(/https?:\/\/\S+\?token=\S+/)?.[0];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!link || !token) throw new Error(`no link in the mail "${mail.subject}"`);
  return { link, token };
}

/** Runs the forgot-password flow with the right answer and returns the link mailed. */
export async function requestResetLink(ctx: TestContext, email: string, correspondant = false) {
  const question = await askByMail(ctx, email, correspondant);
  const { id } = question.json<{ id: number }>();
  const reply = await answerByMail(ctx, {
    idQuestion: id,
    response: 'paris',
    mail: email,
    roleCorrespondant: correspondant,
  });
  if (reply.statusCode !== 200) throw new Error(`the reset link for ${email} was refused: ${reply.body}`);
  return linkIn(lastMailTo(ctx, email));
}
