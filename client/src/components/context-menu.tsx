// A small action menu (WAI-ARIA menu pattern): items are role="menuitem", the first is focused on
// open, arrows/Home/End move, Escape closes and hands focus back, Tab closes and moves on.
// A click anywhere else closes it too — but that listener is only attached after
// CONTEXT_MENU_LISTENER_DELAY_MS, so the release of the press that opened the menu cannot close it.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CONTEXT_MENU_LISTENER_DELAY_MS } from '../../../shared/constants';

export interface MenuItem {
  id: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  onSelect: () => void;
}

export type MenuCloseReason = 'escape' | 'outside' | 'select' | 'tab';

interface ContextMenuProps {
  id?: string;
  label: string;
  items: MenuItem[];
  onClose: (reason: MenuCloseReason) => void;
  className?: string;
}

export function ContextMenu({ id, label, items, onClose, className = '' }: ContextMenuProps) {
  const menuRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onClick = (event: MouseEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) onCloseRef.current('outside');
    };
    const timer = setTimeout(() => document.addEventListener('click', onClick), CONTEXT_MENU_LISTENER_DELAY_MS);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('click', onClick);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => entries[(next + entries.length) % entries.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current('escape');
        break;
      case 'Tab':
        onCloseRef.current('tab');
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(entries.length - 1);
        break;
    }
  };

  return (
    <div id={id} ref={menuRef} role="menu" aria-label={label} className={`popover-surface context-menu ${className}`.trim()} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={item.danger ? 'plain-button context-menu__item context-menu__item--danger' : 'plain-button context-menu__item'}
          onClick={() => {
            onCloseRef.current('select');
            item.onSelect();
          }}
        >
          {item.icon}
          <span>{item.label}</span>
        </button>
      ))}
    </div>
  );
}
