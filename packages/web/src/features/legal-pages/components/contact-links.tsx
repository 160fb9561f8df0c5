import Link from '@mui/material/Link';
import { telHref } from '../legal-format';

export function MailLink({ email }: { email: string }) {
  return <Link href={`mailto:${email}`}>{email}</Link>;
}

export function PhoneLink({ phone }: { phone: string }) {
  return <Link href={telHref(phone)}>{phone}</Link>;
}

/** A page of another site, opened in place of the portal (the tab's session survives the way back). */
export function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} rel="noopener noreferrer">
      {children}
    </Link>
  );
}
