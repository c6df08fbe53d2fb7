declare module 'indefinite' {
  /** Prefixes a/an by the sound of the word ("an hour", "a unicorn"). */
  export default function indefinite(
    word: string,
    options?: { capitalize?: boolean; caseInsensitive?: boolean; numbers?: 'colloquial' },
  ): string;
}
