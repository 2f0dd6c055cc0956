// Small validation helpers shared by forms.

export const CAP_LENGTH = 5;
export const CAP_LOOKUP_DELAY_MS = 1000;

export const isCap = (value: string) => /^\d{5}$/.test(value);

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
