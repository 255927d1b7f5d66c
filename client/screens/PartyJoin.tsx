import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LogoMark } from '../components/Logo.js';
import { NameField } from '../components/NameField.js';
import { CreatePartyForm } from '../features/party/phone/CreatePartyForm.js';
import { JoinByCodeForm } from '../features/party/phone/JoinByCodeForm.js';
import { saveUserName, userName } from '../state/user.js';
import '../i18n/screens.js';

/**
 * `/party`: play together in one room. A guest types the code from the host's phone or the TV; a
 * host picks the settings and opens the lobby. One name for both (this browser's, kept).
 */
export default function PartyJoin() {
  const { t } = useLingui();
  const [name, setName] = useState(userName);
  const changeName = (next: string) => {
    setName(next);
    saveUserName(next);
  };
  return (
    <main className="screen party-join">
      <LogoMark size={56} />
      <h1>{t`Play together`}</h1>
      <p className="muted">
        {t`Everyone in the room answers on their own phone at the same moment, and a TV or laptop can show the round to all.`}
      </p>
      <div className="card party-form">
        <NameField value={name} onChange={changeName} />
      </div>
      <JoinByCodeForm name={name} />
      <CreatePartyForm name={name} />
    </main>
  );
}
