// The practice's messages for `npm run tls`: the practice's certificate authority and the server
// certificate; in Spanish.
export const tls = {
  tlsUsage: [
    'Uso: npm run tls -- --host NOMBRE [--host NOMBRE]... [--ip DIRECCIÓN]... --ca-key ARCHIVO [--new-ca] [--data-dir DIR]',
    '  --host NOMBRE     un nombre que el consultorio escribe para llegar a esta máquina (consultorio.local); el',
    '                    primero es al que se atan las llaves de acceso. Repítalo para más nombres.',
    '  --ip DIRECCIÓN    una dirección de esta máquina (192.168.1.20) para los equipos que la usan en vez de un nombre.',
    '  --ca-key ARCHIVO  la clave privada de la autoridad del consultorio, cifrada con una frase: se escribe ahí al crearla',
    '                    y se lee de ahí cada vez que firma. Fuera de DATA_DIR (una memoria USB que se guarda aparte, por',
    '                    ejemplo). La frase, de CA_PASSPHRASE o del terminal; al menos 12 caracteres.',
    '  --new-ca          sustituye la autoridad de certificación del consultorio: todos los equipos deberán instalar la nueva.',
    '  --data-dir DIR    dónde van los certificados, en DIR/tls (DATA_DIR, o ./data).',
    'La autoridad solo puede avalar los nombres y direcciones de --host e --ip (y localhost): para uno nuevo, --new-ca.',
    'Una clave sin cifrar de una versión anterior (DATA_DIR/tls/ca.key) se escribe cifrada en --ca-key y se borra.',
  ].join('\n'),
  tlsHostRequired: '--host es obligatorio: el nombre que el consultorio escribe para llegar a esta máquina.',
  tlsHostIsAddress: ({ given }: { given: string }) => `--host ${given} es una dirección: désela con --ip, y un nombre con --host.`,
  tlsNotAHostName: ({ given }: { given: string }) => `--host ${given} no es un nombre de máquina (letras, cifras y guiones, separados por puntos).`,
  tlsNotAnAddress: ({ given }: { given: string }) => `--ip ${given} no es una dirección IPv4 ni IPv6.`,
  tlsCaKeyRequired:
    '--ca-key es obligatorio: el archivo, fuera de DATA_DIR, donde está (o irá) la clave de la autoridad del consultorio, cifrada.',
  tlsFailed: ({ reason }: { reason: string }) => `npm run tls ha fallado: ${reason}`,
  tlsCaCreated: 'Creada una autoridad de certificación nueva para el consultorio',
  tlsCaReplaced: 'Sustituida la autoridad de certificación del consultorio (--new-ca): todos los equipos deben instalar la nueva',
  tlsCaReused: 'Se mantiene la autoridad de certificación del consultorio: los equipos que ya confían en ella no necesitan nada nuevo',
  tlsCaScope: ({ scope }: { scope: string }) => `Solo puede avalar: ${scope} (para un nombre nuevo hace falta otra autoridad: --new-ca)`,
  tlsCaUnconstrained:
    'AVISO: esta autoridad se hizo antes de que se limitaran a los nombres del consultorio, y puede avalar cualquier sitio. ' +
    'Sustitúyala con --new-ca cuando todos los equipos puedan instalar la nueva.',
  tlsCaKeyMoved: ({ legacyKey, keyFile }: { legacyKey: string; keyFile: string }) =>
    `La clave de la autoridad estaba sin cifrar en ${legacyKey}: se ha escrito cifrada en ${keyFile} y se ha borrado ${legacyKey}.`,
  tlsLegacyKeyRemoved: ({ legacyKey }: { legacyKey: string }) => `Borrada la copia sin cifrar de la clave de la autoridad: ${legacyKey}.`,
  tlsIssued: (p: {
    caLine: string;
    caCert: string;
    caUntil: string;
    caSubject: string;
    sha256: string;
    sha1: string;
    scopeLine: string;
    keyFile: string;
    names: string;
    serverCert: string;
    serverUntil: string;
    host: string;
  }) =>
    [
      `${p.caLine}: ${p.caCert} (válida hasta el ${p.caUntil})`,
      `  ${p.caSubject}`,
      `  Huella SHA-256: ${p.sha256}`,
      `  Huella SHA-1 (la «Huella digital» de Windows): ${p.sha1}`,
      `  ${p.scopeLine}`,
      `  Su clave, cifrada: ${p.keyFile}. Guárdela fuera de este servidor, y su frase aparte: hacen falta las dos para renovar.`,
      `Emitido el certificado del servidor para ${p.names}: ${p.serverCert} (válido hasta el ${p.serverUntil}; vuelva a ejecutar esto antes)`,
      '',
      'Después: (re)arranque el servidor con `npm start` (HOST=0.0.0.0 para servir a la red del consultorio). Sirve HTTPS',
      `y responde al HTTP normal en el mismo puerto con una redirección. En cada equipo, abra http://${p.host}:PUERTO/practice-ca.crt,`,
      'instale la autoridad como dice docs/operations.md, y compruebe que el equipo muestra la huella de arriba antes de confiar en ella.',
    ].join('\n'),
  tlsCaUnusable: ({ dir, reason }: { dir: string; reason: string }) =>
    `La autoridad de certificación del consultorio en ${dir} no se puede usar (${reason}). Vuelva a ejecutarlo con --new-ca para sustituirla; todos los equipos deberán instalar la nueva.`,
  tlsCaExpired: ({ dir, date }: { dir: string; date: string }) =>
    `La autoridad de certificación del consultorio en ${dir} caducó el ${date}. Vuelva a ejecutarlo con --new-ca; todos los equipos deberán instalar la nueva.`,
  tlsCaHalf: ({ present, missing }: { present: string; missing: string }) =>
    `${present} está, pero falta ${missing}. Devuelva a su sitio el que falta, o vuelva a ejecutarlo con --new-ca para crear una autoridad nueva (todos los equipos deberán instalarla).`,
  tlsCaKeyMissing: ({ keyFile, caCert }: { keyFile: string; caCert: string }) =>
    `La clave de la autoridad de ${caCert} no está en ${keyFile}. Dé a --ca-key el archivo donde se escribió al crearla (y su frase), ` +
    'o vuelva a ejecutarlo con --new-ca; todos los equipos deberán instalar la nueva.',
  tlsCaKeyNotEncrypted: ({ keyFile }: { keyFile: string }) =>
    `${keyFile} no es una clave cifrada de las que escribe esta orden (ENCRYPTED PRIVATE KEY): compruebe --ca-key. No se ha escrito nada.`,
  tlsCaKeyNotOurs: ({ keyFile }: { keyFile: string }) =>
    `${keyFile} ya existe y no es una clave de autoridad que haya escrito esta orden: se deja como está. Elija otro archivo para --ca-key.`,
  tlsWrongPassphrase: ({ keyFile }: { keyFile: string }) =>
    `La frase no abre ${keyFile} (o el archivo está dañado): no se ha escrito nada. Vuelva a intentarlo con la frase que se eligió al crear la autoridad.`,
  tlsCaKeyInsideDataDir: ({ keyFile, dataDir }: { keyFile: string; dataDir: string }) =>
    `--ca-key ${keyFile} está dentro de DATA_DIR (${dataDir}): quien copiara esa carpeta se llevaría también la clave. Elija un sitio fuera de ella.`,
  tlsCaKeyFolderMissing: ({ folder }: { folder: string }) =>
    `La carpeta de --ca-key, ${folder}, no existe (¿la memoria no está montada?): no se ha escrito nada.`,
  tlsCaKeyNotAFile: ({ keyFile }: { keyFile: string }) => `--ca-key ${keyFile} no es un archivo.`,
  tlsLegacyKeyNotThisAuthority: ({ legacyKey, caCert }: { legacyKey: string; caCert: string }) =>
    `${legacyKey} no es la clave de la autoridad ${caCert}: se deja como está. Llévela fuera de DATA_DIR (o bórrela si no la necesita) y vuelva a ejecutar esto.`,
  tlsKeyNotItsCertificate: 'la clave de la autoridad no es la de su certificado',
  tlsKeyNotP256: 'la clave no es una clave ECDSA P-256',
  tlsNamesOutsideAuthority: ({ names, scope }: { names: string; scope: string }) =>
    `La autoridad del consultorio solo puede avalar ${scope}, y no ${names}: los equipos rechazarían ese certificado. ` +
    'Para un nombre nuevo hace falta una autoridad nueva: vuelva a ejecutarlo con todos los nombres y --new-ca (todos los equipos deberán instalarla).',
  tlsPassphraseNeeded: 'Defina CA_PASSPHRASE, o ejecute esto en un terminal para escribir la frase de la clave de la autoridad.',
  tlsPassphrasePrompt: 'Frase de la clave de la autoridad: ',
  tlsNewPassphrasePrompt: ({ min }: { min: number }) => `Frase nueva para cifrar la clave de la autoridad (al menos ${min} caracteres): `,
  tlsPassphraseAgain: 'La misma frase otra vez: ',
  tlsPassphrasesDiffer: 'Las dos frases no coinciden; no se ha escrito nada.',
  tlsPassphraseTooShort: ({ min }: { min: number }) =>
    `La frase de la clave de la autoridad debe tener al menos ${min} caracteres: es lo único que protege la clave. No se ha escrito nada.`,
};
