// The practice's messages for the lock that keeps two servers off one DATA_DIR; in Spanish.
export const dataDirLock = {
  lockOwnerUnknown: ({ seconds }: { seconds: number }) =>
    `un servidor que aún no se ha anotado: puede estar arrancando; si no hay ninguno, el bloqueo se libera solo en ${seconds} s`,
  lockOwner: ({ pid, host, since, url }: { pid: number; host: string; since: string; url: string | undefined }) =>
    `pid ${pid} en ${host}, desde ${since}${url ? `, en ${url}` : ''}`,
  lockLost: ({ dir, reason }: { dir: string; reason: string }) =>
    `Este servidor ha perdido su bloqueo del DATA_DIR ${dir} (${reason}); se detiene, para que nunca compartan el directorio dos servidores.`,
  dataDirInUse: ({ dataDir, owner }: { dataDir: string; owner: string }) =>
    `Ya hay otro servidor de Expediente con el DATA_DIR ${dataDir} (${owner}), así que este no arranca. Detenga antes aquel, o dé a este otro DATA_DIR.`,
};
