import Link, { type LinkProps } from '@mui/material/Link';

/** A `tel:` link target from a number as it is written (`01 53 00 00 00`, `+33 1 53…`): digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().replace(/(?!^\+)[^\d]/g, '')}`;
}

type ContactLinkProps = Omit<LinkProps, 'href' | 'children'>;

/** An e-mail address as a mailto link; a long address wraps rather than overflows. */
export function MailLink({ email, sx, ...props }: { email: string } & ContactLinkProps) {
  return (
    <Link
      href={`mailto:${email}`}
      sx={[{ overflowWrap: 'anywhere' }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...props}
    >
      {email}
    </Link>
  );
}

/** A phone number as a tel link. */
export function PhoneLink({ phone, ...props }: { phone: string } & ContactLinkProps) {
  return (
    <Link href={telHref(phone)} {...props}>
      {phone}
    </Link>
  );
}

/** A page of another site, opened in place of the portal (the tab's session survives the way back). */
export function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} rel="noopener noreferrer">
      {children}
    </Link>
  );
}
