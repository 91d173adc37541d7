// Reaching a page or an action through the header's user menu, as the tests of the account pages,
// the administration page and signing out do it: open the menu once the app shows it, then choose.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens the user menu (its button is named after the user, ending in "User menu") and chooses the entry named `name`. */
export async function chooseFromUserMenu(user: UserEvent, role: 'link' | 'button', name: string) {
  await user.click(await screen.findByRole('button', { name: /User menu$/ }));
  await user.click(screen.getByRole(role, { name }));
}
