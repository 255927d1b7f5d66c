import { NAME_MAX_LENGTH } from '../../shared/product.js';
import { local } from './storage.js';

const USER_ID_KEY = 'wavelength.userId';
const USER_NAME_KEY = 'wavelength.userName';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A version 4 UUID; crypto.randomUUID is missing outside secure contexts (a phone on a LAN address). */
function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The stored userId, or null if this browser has none yet. */
export function storedUserId(): string | null {
  const id = local.get(USER_ID_KEY);
  return id !== null && UUID.test(id) ? id : null;
}

/** This browser's anonymous identity: made once, then kept in localStorage. */
export function userId(): string {
  const existing = storedUserId();
  if (existing) return existing;
  const id = newUuid();
  local.set(USER_ID_KEY, id);
  return id;
}

export function userName(): string {
  return local.get(USER_NAME_KEY) ?? '';
}

export function saveUserName(name: string): void {
  local.set(USER_NAME_KEY, name.slice(0, NAME_MAX_LENGTH));
}
