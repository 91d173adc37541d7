// The action menu of a card (SPEC §2): pressing and holding the card for 500 ms opens it, and so do
// a right click, the visible ⋮ button, the ContextMenu key and Shift+F10, because a long press
// alone would lock keyboard and switch users out of the card's actions. The card says whether
// its menu is open, so that a list keeps one menu open at a time. Focus goes back to the card on
// Escape or a choice, and when the choice removes the card (unlinking), to the card that took its
// place rather than to <body>.
import { useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { MenuCloseReason } from './context-menu';
import { useKeepFocusOnRemoval } from './use-keep-focus-on-removal';
import { useLongPress } from './use-long-press';

/** Where a press never starts a long press: mark the menu button and the menu itself with it. */
const NO_LONG_PRESS = '[data-no-long-press]';

interface CardMenuOptions {
  menuOpen: boolean;
  onOpenMenu: () => void;
  onCloseMenu: () => void;
}

export function useCardMenu({ menuOpen, onOpenMenu, onCloseMenu }: CardMenuOptions) {
  const menuId = `${useId()}-menu`;
  const cardRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // Where focus was in the card when the menu opened, to hand it back on Escape or a choice
  // (else it would fall to <body>).
  const returnFocusRef = useRef<HTMLElement | null>(null);
  useKeepFocusOnRemoval(cardRef);

  const openMenu = () => {
    const active = document.activeElement;
    returnFocusRef.current = active instanceof HTMLElement && cardRef.current?.contains(active) ? active : menuButtonRef.current;
    onOpenMenu();
  };
  const longPress = useLongPress(openMenu, { ignore: NO_LONG_PRESS });

  const closeMenu = (reason: MenuCloseReason) => {
    onCloseMenu();
    if (reason === 'escape' || reason === 'select') (returnFocusRef.current ?? menuButtonRef.current)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
      event.preventDefault();
      openMenu();
    }
  };
  // Right-click, a touch long press on Android and the keyboard's menu key in real browsers all
  // arrive as 'contextmenu': they get the card's menu rather than the browser's.
  const onContextMenu = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('[role="menu"]')) return;
    event.preventDefault();
    if (!menuOpen) openMenu();
  };

  return {
    menuId,
    /** Spread on the card's root element. */
    cardProps: { ref: cardRef, ...longPress, onKeyDown, onContextMenu },
    /** Spread on the ⋮ button, which opens and closes the menu. */
    menuButtonProps: {
      ref: menuButtonRef,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': menuOpen,
      'aria-controls': menuOpen ? menuId : undefined,
      'data-no-long-press': true,
      onClick: () => (menuOpen ? onCloseMenu() : openMenu()),
    },
    /** The ContextMenu's onClose. */
    closeMenu,
  };
}
