/**
 * The signed-in user whose signals these are: each user of a browser has their own. The signed-in
 * frame's NotificationsProvider sets it from the session token before it opens the user's record
 * and preferences; code that reads the preferences outside React (a kind's sound, the live
 * notifier) gets the same user's.
 */
let owner = '';

export function setSignalOwner(user: string): void {
  owner = user;
}

export function signalOwner(): string {
  return owner;
}
