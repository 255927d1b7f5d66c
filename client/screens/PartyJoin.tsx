/** Built in the party's screens' work (issue 45); this file reserves the route. */
export default function PartyJoin() {
  return null;
}
