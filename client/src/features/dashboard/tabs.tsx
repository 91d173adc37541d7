// WAI-ARIA tabs with automatic activation: arrows move and select, Home/End jump to the ends, and
// only the selected tab is in the Tab order. Only the selected panel is rendered, so a panel that
// loads data (the access log) asks for it only when it is shown.
import { useId, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDefinition<Id extends string> {
  id: Id;
  label: string;
}

interface TabsProps<Id extends string> {
  label: string;
  tabs: TabDefinition<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  children: ReactNode;
}

export function Tabs<Id extends string>({ label, tabs, selected, onSelect, children }: TabsProps<Id>) {
  const baseId = useId();
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    const target = tabs[(next[event.key]! + tabs.length) % tabs.length]!;
    onSelect(target.id);
    document.getElementById(tabId(target.id))?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              className="tabs__tab"
              aria-selected={active}
              aria-controls={active ? panelId : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" className="tabs__panel" aria-labelledby={tabId(selected)} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
