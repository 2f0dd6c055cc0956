// Small validation helpers shared by forms.

export const CAP_LENGTH = 5;
export const CAP_LOOKUP_DELAY_MS = 1000;

export const isCap = (value: string) => /^\d{5}$/.test(value);

/** RFC 5322 dot-atom: letters, digits and ! # $ % & ' * + / = ? ^ _ ` { | } ~ - between dots. */
const EMAIL_LOCAL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
/** A domain label: letters, digits and inner hyphens. */
const EMAIL_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;

/** One address, as the server's `parse_email` takes it: no list (commas, semicolons), no
 * spaces, angle brackets, quotes, comments or `bcc:`; a dot-atom before the @ and a
 * domain of at least two labels after it. */
export const isEmail = (value: string) => {
  const email = value.trim();
  const at = email.lastIndexOf("@");
  if (at < 1 || email.length > 254) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split(".");
  return (
    local.length <= 64 &&
    EMAIL_LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => label.length <= 63 && EMAIL_LABEL.test(label))
  );
};
