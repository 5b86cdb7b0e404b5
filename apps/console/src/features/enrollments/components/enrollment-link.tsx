import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import classes from './enrollments.module.css';

/** An enrollment's id as a link to its page: how every list of enrollments opens one. */
export function EnrollmentLink({ id, size = 'sm' }: { id: number; size?: 'xs' | 'sm' }) {
  return (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/enrollments/$id" params={{ id }} />}
      size={size}
      ff="monospace"
      fw={500}
      className={classes.rowLink}
      aria-label={`Enrollment ${id}`}
      onClick={(event) => event.stopPropagation()}
    >
      {id}
    </Anchor>
  );
}
