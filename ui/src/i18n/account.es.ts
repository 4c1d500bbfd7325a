import type { accountExtrasForEnglish } from './account.en.ts';

type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** Issue 38 §3: el acceso con un código por teléfono, la comprobación de campos, los datos protegidos y el restablecimiento. */
export const accountExtrasForSpanish: Texts<typeof accountExtrasForEnglish> = {
  phoneSignIn: {
    option: 'Entrar con un código por teléfono',
    backToPassword: 'Entrar con correo y contraseña',
    title: 'Entrar con un código por teléfono',
    intro: 'Enviamos un código de 6 dígitos por mensaje de texto al teléfono verificado de tu cuenta.',
    countryCode: 'Prefijo',
    phone: 'Teléfono',
    send: 'Envíame un código',
    sentTo: 'Introduce el código de 6 dígitos que enviamos a {{to}}.',
    code: 'Código',
    signIn: 'Entrar',
    resend: 'Enviar un código nuevo',
    otherNumber: 'Usar otro número',
  },
  fieldCheck: {
    checking: 'Comprobando…',
    phoneYoursVerified: 'Es tu número verificado.',
    phoneYours: 'Es tu número; aún no está verificado.',
    phoneMayUse: 'Enviaremos un código a este número para verificarlo.',
    emailYoursVerified: 'Es tu correo verificado.',
    emailYours: 'Es tu correo; aún no está verificado.',
    emailMayUse: 'Enviaremos un código a esta dirección para verificarla.',
  },
  protected: {
    title: 'Datos de identidad',
    intro:
      'Guardados sellados y ocultos aquí. Muéstralos para revisarlos; puede que antes te pidamos la contraseña.',
    show: 'Mostrar',
    hide: 'Ocultar',
    hidden: 'Oculto',
    notGiven: 'Sin indicar',
    dateOfBirth: 'Fecha de nacimiento',
    nationality: 'Nacionalidad',
    idDocument: 'Documento de identidad',
    idValue: '{{type}} terminado en {{last4}}',
    confirmTitle: 'Confirma que eres tú',
    confirmIntro: 'Por tu seguridad, introduce tu contraseña para ver estos datos.',
    confirm: 'Confirmar',
  },
  kyc: {
    title: 'Tus datos de identidad',
    intro:
      'Lo que lee la verificación de identidad, guardado sellado: tu fecha de nacimiento, tu nacionalidad y un documento de identidad (solo sus 4 últimos caracteres, nunca el número entero).',
    edit: 'Editar los datos de identidad',
    add: 'Añadir los datos de identidad',
    dateOfBirth: 'Fecha de nacimiento',
    nationality: 'Nacionalidad',
    chooseCountry: 'Elige un país',
    idType: 'Documento de identidad',
    noDocument: 'Ninguno',
    idLast4: 'Últimos 4 caracteres de su número',
    idLast4Hint: 'Solo los 4 últimos: nunca pedimos el número entero.',
    saved: 'Datos de identidad guardados',
    documents: {
      passport: 'Pasaporte',
      driver_license: 'Permiso de conducir',
      national_id: 'Documento nacional de identidad',
    },
  },
  reset: {
    button: 'Restablecer',
    title: '¿Restablecer tus opciones de notificación?',
    body: 'Cada opción de notificación vuelve a ser la de una cuenta nueva: correo activado, mensajes de texto desactivados, avisos de puja superada, recordatorios de cierre y correos de lotes ganados activados, correos de «a continuación» en la sala en vivo desactivados. Tu idioma no cambia.',
    confirm: 'Restablecer',
    done: 'Las opciones de notificación vuelven a ser las predeterminadas',
  },
};
