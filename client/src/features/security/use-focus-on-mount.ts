// Each stage of the security page replaces the one whose button was just pressed: without this, focus
// would fall to <body> and a keyboard or screen-reader user would start again from the top.
import { useEffect, useRef } from 'react';

export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
