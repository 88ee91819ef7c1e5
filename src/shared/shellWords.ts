// One argument written for the shell the user pastes a command line into: a POSIX shell (bash, zsh, sh) or
// PowerShell. Both forms are literal strings: nothing inside is expanded, so a `${NAME}` reaches the program as typed.

/** A POSIX shell word: bare when only safe characters, else single-quoted with a quote inside written '\''. */
export function posixWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * A PowerShell word: bare when only letters, digits and `_ . / : -` (none of which PowerShell treats specially
 * there), else a single-quoted string in which each quote is doubled. PowerShell also ends a single-quoted string
 * at the typographic quotes ‘ ’ ‚ ‛, so those are doubled too.
 */
export function powershellWord(word: string): string {
  return /^[A-Za-z0-9_./:-]+$/.test(word) && !word.startsWith('-') ? word : `'${word.replace(/['\u2018\u2019\u201a\u201b]/g, '$&$&')}'`;
}
