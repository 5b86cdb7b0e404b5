/** The person an enrollment is for, as the enrollment knows them; a credit check backs only this person. */
export interface EnrollingPerson {
  /** First then last name, or a business customer's contact name. */
  name: string;
  /** YYYY-MM-DD, or null when the enrollment does not know it. */
  dateOfBirth: string | null;
  /** The nine digits, or null when the enrollment does not know it. */
  ssn: string | null;
}

/** The person the check was run for, its sealed values opened. */
export interface CheckedPerson {
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  ssn: string | null;
}

/**
 * A name as people write it differently: accents, case, apostrophes and periods dropped, hyphens and runs of
 * spaces read as one space ("José  O'Neil-Díaz" reads as "jose oneil diaz").
 */
export function normalisedName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`.]/g, '')
    .replace(/[\s-]+/g, ' ')
    .trim();
}

export type IdentityProblem = 'other_person' | 'date_of_birth_missing';

/**
 * Whether a check was run for the enrolling person: the same full name; the same date of birth when the check
 * carried one (the enrollment must then give it); the same SSN when both sides know it. Says nothing of what the
 * check holds, so a refusal cannot reveal whose check it was.
 */
export function identityProblem(checked: CheckedPerson, enrolling: EnrollingPerson): IdentityProblem | null {
  const checkedName = normalisedName(`${checked.firstName} ${checked.lastName}`);
  if (checkedName === '' || checkedName !== normalisedName(enrolling.name)) return 'other_person';
  if (checked.ssn !== null && enrolling.ssn !== null && checked.ssn !== enrolling.ssn) return 'other_person';
  if (checked.dateOfBirth !== null) {
    if (enrolling.dateOfBirth === null) return 'date_of_birth_missing';
    if (checked.dateOfBirth !== enrolling.dateOfBirth) return 'other_person';
  }
  return null;
}
