/**
 * The admin's hold on parties (`/admin`, `npm run admin`): find one by its id, its open code or a
 * player's name, and end it. Ending goes through the party's room, so its phones and its screen
 * see "finished" at once and its clock stops, as when the host ends it.
 */
import { type AdminParty, normalizePartyCode } from '../../shared/party.js';
import type { Parties } from './parties.js';
import type { PartyRepository, StoredState } from './repository.js';

export type { AdminParty } from '../../shared/party.js';

/** Parties a search lists at most. */
const FOUND_AT_MOST = 20;

export class PartyModeration {
  constructor(
    private readonly parties: Parties,
    private readonly repository: Pick<PartyRepository, 'findForAdmin'>,
  ) {}

  async find(text: string): Promise<AdminParty[]> {
    const typed = text.trim().slice(0, 100);
    if (typed === '') return [];
    const rows = await this.repository.findForAdmin(typed, normalizePartyCode(typed), FOUND_AT_MOST);
    return rows.map((row) => {
      const state = JSON.parse(row.state) as StoredState;
      return {
        partyId: row.id,
        code: state.code,
        phase: state.phase,
        ended: Boolean(row.ended),
        gameType: state.gameType,
        format: state.format,
        host: row.host ?? '',
        players: Number(row.players),
        createdAt: new Date(Number(row.created_at)).toISOString(),
      };
    });
  }

  /** Ends the party now; false when there is no such party or it had ended already. */
  async end(partyId: string): Promise<boolean> {
    const room = await this.parties.room(partyId);
    return room ? this.parties.endNow(room) : false;
  }
}
