// The practice's messages for the practice's key files checked at start: missing, damaged, or open
// to other users; in Spanish.
export const startKeys = {
  startRefusedKey: ({ why, dir, fileName, readable }: { why: string; dir: string; fileName: string; readable: boolean }) =>
    `No arranca: ${why}. No se ha creado ninguna clave nueva. ` +
    `Recupérela de una copia: «npm run restore -- COPIA --data-dir ${dir}» (o «expediente restore COPIA --data-dir ${dir}») restaura las claves con los datos; ` +
    `o vuelva a poner el fichero ${fileName} desde una copia de DATA_DIR${readable ? '' : ', o haga que lo pueda leer el usuario del servidor'}.`,
  keyProblemAndDependants: ({ path, problem, dependants }: { path: string; problem: string; dependants: string }) => `${path} ${problem}, y ${dependants}`,
  auditRowsNeedKey: ({ rows }: { rows: number }) =>
    `el registro de auditoría tiene ${rows} ${rows === 1 ? 'fila sellada' : 'filas selladas'} con ella, que una clave nueva haría parecer manipuladas`,
  documentsNeedKey: ({ rows }: { rows: number }) =>
    `${rows} ${rows === 1 ? 'documento está cifrado' : 'documentos están cifrados'} con ella, que una clave nueva no abriría`,
  totpSeedsNeedKey: ({ rows }: { rows: number }) => `${rows} ${rows === 1 ? 'semilla de aplicación de autenticación está sellada' : 'semillas de aplicación de autenticación están selladas'} con ella, que una clave nueva no abriría`,
  documentsMaybeMasterKey: 'Si los documentos se cifraron con MASTER_KEY, arranque con esa MASTER_KEY.',
  keyMissing: 'no existe',
  keyNotAFile: 'no es un fichero normal',
  keyEmpty: 'está vacío',
  keyDamaged: 'no contiene una clave entera (demasiado corta o dañada)',
  keySealed: 'está cifrado con la clave de la consulta, que este proceso no tiene: desbloquee la consulta',
  keySealedByAnother: 'no se abre con la clave de esta consulta (de otra consulta, o alterado)',
  keyUnreadable: ({ code }: { code: string }) => `no se puede leer (${code})`,
  keyLeftAsIs: ({ path, problem }: { path: string; problem: string }) =>
    `${path} ${problem}; se ha dejado como estaba. Haga que lo pueda leer el usuario del servidor, o vuelva a poner una copia buena.`,
  keyTightened: ({ path, mode }: { path: string; mode: string }) =>
    `${path} estaba abierto a otros usuarios (modo ${mode}); se ha restringido a 0600. Quien pudiera leerlo puede tener una copia de la clave.`,
  keyCannotTighten: ({ path, mode, code }: { path: string; mode: string; code: string }) =>
    `${path} está abierto a otros usuarios (modo ${mode}) y no se ha podido restringir a 0600 (${code}): hágalo privado del usuario del servidor.`,
};
