/**
 * The customer password policy as the API applies it (10 to 200 characters, a letter and a digit, not containing the
 * username), checked before sending so the customer hears at once; the API's own check stays the judge (it also
 * knows the username). Answers the message key (namespace `account`) of the first rule broken, or null.
 */
export function brokenPasswordRule(
  password: string,
): 'reset.tooShort' | 'reset.tooLong' | 'reset.needsLetter' | 'reset.needsDigit' | null {
  if (password.length < 10) return 'reset.tooShort';
  if (password.length > 200) return 'reset.tooLong';
  if (!/\p{L}/u.test(password)) return 'reset.needsLetter';
  if (!/\p{Nd}/u.test(password)) return 'reset.needsDigit';
  return null;
}
