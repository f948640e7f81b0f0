// stopword ships no type declarations; only its English list is used.
declare module 'stopword' {
  export const eng: string[];
}
