import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** How long typing pauses before a list asks the server again. */
const PAUSE_MS = 250;

/** The words a list searches by: the address's `q` once typing has paused. */
export const useSearchedWords = (q: string | undefined) => useDebouncedValue(q, PAUSE_MS)[0];

interface SearchFieldProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The words in the address (`q`). */
  q: string | undefined;
  /** The words as typed, trimmed; undefined when the box is emptied. */
  onSearch: (q: string | undefined) => void;
}

/**
 * A list's search box. The words go to the address as they are typed, so a link to the page keeps them; the list
 * reads them through `useSearchedWords`, once typing pauses.
 */
export function SearchField({ q, onSearch, ...props }: SearchFieldProps) {
  const [words, setWords] = useState(q ?? '');
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      {...props}
      value={words}
      onChange={(event) => {
        setWords(event.currentTarget.value);
        onSearch(event.currentTarget.value.trim() || undefined);
      }}
    />
  );
}
