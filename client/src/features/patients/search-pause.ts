// How long typing in the medic's patient searches (the home's filter, the link-patient dialog) must
// pause before the text goes to the server. Both answer in a few milliseconds, so the pause is what a
// medic waits after the last key: short, yet longer than the gap between the keys of a word typed in
// one go, so a fluent name is one request rather than one a key.
export const SEARCH_PAUSE_MS = 150;
