// The exhibitors' rules: when the organisers may take a company out of their event.

/**
 * A company stays in an event while any of its people is a member of it (joining the event put it
 * there, and its people's pages name it); 'has_members' then, null when it may go.
 */
export function removalRefusal(membersInEvent: number): 'has_members' | null {
  return membersInEvent > 0 ? 'has_members' : null;
}
