// The practice's messages for `npm run audit:verify` and the audit trail's checks: its chain and
// its sealed head; in Spanish.
const sealedHead = (writtenAt: string) => `la cabeza sellada del ${writtenAt}`;

export const audit = {
  auditVerifyHelp: `npm run audit:verify [-- --since-checkpoint]

Comprueba el registro de auditoría de DATA_DIR (por defecto ./data) contra su cadena HMAC y su cabeza sellada.

  (sin opción)         La comprobación completa: recalcula la cadena de cada fila y comprueba que están
                       todas las filas hasta la cabeza sellada. Decenas de segundos con millones de filas.
  --since-checkpoint   La comprobación de cada noche: parte de la cabeza sellada (DATA_DIR/audit-head,
                       que el servidor escribe cada cinco minutos sobre filas cuya cadena acaba de
                       recalcular). Comprueba que la fila de la cabeza conserva el valor que selló y que no
                       falta ninguna fila hasta ella (su número), y recalcula la cadena solo de las filas
                       posteriores. NO recalcula las filas hasta la cabeza: una fila editada después de
                       sellarse solo la ve la comprobación completa. Hágala también de vez en cuando
                       (cada semana, y tras restaurar).
  --help               Este texto.

Sale con 0 si está intacto, 1 ante cualquier fallo, 2 si DATA_DIR no tiene base de datos o clave de auditoría.`,
  auditVerifyNoData: ({ dataDir }: { dataDir: string }) =>
    `No hay base de datos o clave de auditoría en ${dataDir}: ponga en DATA_DIR el directorio de datos del servidor.`,
  auditVerifyHeadTampered: ({ file, reason }: { file: string; reason: string }) => `${file}: ${reason} Trate el registro de auditoría como manipulado.`,
  auditVerifyCounted: ({ verified, before, unchained }: { verified: number; before: boolean; unchained: number }) =>
    `${verified} filas ${before ? 'anteriores ' : ''}comprobadas por la cadena` +
    (unchained ? ` (${unchained} filas anteriores a la primera sellada no llevan cadena).` : '.'),
  auditIntact: ({ verified, unsealed }: { verified: number; unsealed: number }) =>
    `Cadena de auditoría intacta: ${verified} filas comprobadas` +
    (unsealed ? ` (${unsealed} filas anteriores se escribieron antes de que empezara la cadena y no las cubre).` : '.'),
  auditHeadAllThere: ({ writtenAt, lastId, count }: { writtenAt: string; lastId: number; count: number }) =>
    `Están todas las filas hasta la cabeza sellada del ${writtenAt} (fila ${lastId}, ${count} filas).`,
  auditNoHeadYet: ({ dataDir, file }: { dataDir: string; file: string }) =>
    `Aún no hay cabeza sellada en ${dataDir} (${file}): se juzga solo por la cadena, que no puede mostrar filas cortadas del final.`,
  auditIntactSinceCheckpoint: ({ verified, writtenAt, lastId }: { verified: number; writtenAt: string; lastId: number }) =>
    `Cadena de auditoría intacta desde el punto de control: comprobadas ${verified} filas posteriores a la cabeza sellada del ${writtenAt} (fila ${lastId}).`,
  auditUpToHeadNotRecomputed: ({ count }: { count: number }) =>
    `Están las ${count} filas hasta ella; no se han recalculado (eso lo hace la comprobación completa, sin --since-checkpoint).`,
  auditNoHeadToStart: ({ dataDir, file }: { dataDir: string; file: string }) =>
    `No hay cabeza sellada en ${dataDir} (${file}) desde la que empezar: se comprueba todo el registro.`,

  auditRowUnchained: ({ id, at, action }: { id: number; at: string; action: string }) =>
    `Cadena de auditoría rota en la fila ${id} (${at}, ${action}): no tiene cadena aunque una fila anterior está sellada, así que se la quitaron.`,
  auditRowAltered: ({ id, at, action }: { id: number; at: string; action: string }) =>
    `Cadena de auditoría rota en la fila ${id} (${at}, ${action}): se alteró, quitó o reordenó esa fila o una anterior.`,
  headNothingChained: ({ writtenAt, firstSealedId }: { writtenAt: string; firstSealedId: number }) =>
    `Ninguna fila de auditoría lleva cadena, pero ${sealedHead(writtenAt)} dice que se sellaron desde la ${firstSealedId}: se vació el registro o se quitaron sus cadenas.`,
  headFirstSealedMoved: ({ writtenAt, first, firstSealedId }: { writtenAt: string; first: number; firstSealedId: number }) =>
    `La primera fila sellada es la ${first}, pero ${sealedHead(writtenAt)} dice que era la ${firstSealedId}: se quitaron filas selladas o se anularon sus cadenas.`,
  headRowGone: ({ writtenAt, lastId }: { writtenAt: string; lastId: number }) =>
    `Faltan filas hasta la cabeza sellada: ${sealedHead(writtenAt)} acaba en la fila ${lastId}, y esa fila ya no está.`,
  headRowDiffers: ({ writtenAt, lastId }: { writtenAt: string; lastId: number }) =>
    `La fila ${lastId}, donde acaba ${sealedHead(writtenAt)}, no es la que selló: su cadena es otra, así que se alteró o sustituyó esa fila o una anterior.`,
  headCountDiffers: ({ writtenAt, lastId, count, counted }: { writtenAt: string; lastId: number; count: number; counted: number }) =>
    `Faltan o sobran filas hasta la cabeza sellada: hay ${count} filas hasta la ${lastId}, donde ${sealedHead(writtenAt)} contó ${counted}.`,
  headMalformed: 'La cabeza sellada de auditoría está mal formada: se dañó o se sustituyó.',
  headForged: 'La cabeza sellada de auditoría no pasa su firma con la clave de auditoría: se editó o se falsificó.',
};
