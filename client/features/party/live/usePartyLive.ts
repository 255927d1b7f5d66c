import { useEffect, useRef, useState } from 'react';
import { INITIAL_PARTY_LIVE, PartyConnection, type PartyLive } from './party-connection.js';

export interface UsePartyLive extends PartyLive {
  /** Tell the view this phone's answer to `round` was acknowledged. */
  answered: (answer: number, round: number) => void;
}

/**
 * A party's live view for one screen: a player's phone (`userId`) or the shared screen (none).
 * `lang`: the language the question comes in (the shared screen passes none: the host's).
 */
export function usePartyLive(partyId: string, userId: string | undefined, lang: string | undefined): UsePartyLive {
  const [live, setLive] = useState<PartyLive>(INITIAL_PARTY_LIVE);
  const connection = useRef<PartyConnection | null>(null);
  const firstLang = useRef(lang);

  useEffect(() => {
    const current = new PartyConnection(partyId, setLive, userId, firstLang.current);
    connection.current = current;
    setLive(INITIAL_PARTY_LIVE);
    current.start();
    return () => {
      current.stop();
      connection.current = null;
    };
  }, [partyId, userId]);

  useEffect(() => connection.current?.setLanguage(lang), [lang]);

  return { ...live, answered: (answer, round) => connection.current?.answered(answer, round) };
}
