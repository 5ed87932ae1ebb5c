/**
 * Every fixed text of the app (buttons, headings, messages, the sign-in page) in each language an app may speak,
 * in one table. The app's own names and labels come from its plan, already in its language.
 */
export const LANGUAGES = ['en', 'fr', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Texts {
  skipToContent: string;
  mainNavigation: string;
  signIn: string;
  signOut: string;
  signedIn: string;
  signedInAs(email: string, tier: string): string;
  pageNotFound: string;
  nothingHere: string;
  goHome: string;
  somethingWentWrong: string;
  pageFailed: string;
  tryAgain: string;
  networkError: string;
  requestFailed(status: number): string;
  // lists and forms
  newItem(singular: string): string;
  editItem(singular: string): string;
  createItem(singular: string): string;
  saveChanges: string;
  cancel: string;
  edit: string;
  delete: string;
  actions: string;
  backTo(plural: string): string;
  noItemsYet(plural: string): string;
  noMoreItems(plural: string): string;
  addFirst(singular: string): string;
  noSuchItem(singular: string): string;
  confirmDelete(title: string): string;
  deleted(title: string): string;
  previous: string;
  next: string;
  pageOf(page: number, pages: number): string;
  pages: string;
  saving: string;
  fixField: string;
  fixFields(count: number): string;
  signInToSee(plural: string): string;
  signInToChange(plural: string): string;
  // fields
  choose: string;
  none: string;
  yes: string;
  no: string;
  tagsPlaceholder: string;
  isRequired(label: string): string;
  mustBeNumber(label: string): string;
  mustBeWhole(label: string): string;
  atLeast(label: string, min: number): string;
  atMost(label: string, max: number): string;
  mustBeEmail(label: string): string;
  mustBeUrl(label: string): string;
  mustBeDate(label: string): string;
  mustBeDateTime(label: string): string;
  mustBeChoice(label: string): string;
  mustBeJson(label: string): string;
  // detail, totals, views
  details: string;
  total: string;
  totalOf(label: string): string;
  related(plural: string): string;
  addRelated(singular: string): string;
  moveTo(title: string): string;
  moved(title: string, column: string): string;
  dragHint: string;
  /** a board holding more rows than it shows cards for */
  cardsShown(shown: number, total: number): string;
  unassigned: string;
  today: string;
  previousMonth: string;
  nextMonth: string;
  nothingThisMonth: string;
  rank: string;
  unranked: string;
  topOf(shown: number, total: number): string;
  // home
  entries(count: number): string;
  signInToSeeYours: string;
  addNew: string;
  comingUp: string;
  nothingComingUp: string;
  totals: string;
  views: string;
  // sign-in
  emailAddress: string;
  enterEmail: string;
  sendCode: string;
  invalidEmail: string;
  sending: string;
  codeSent(email: string): string;
  signInCode: string;
  otherAddress: string;
  codeHasSixDigits: string;
  checking: string;
}

/** A label inside a sentence: lower-case first letter, except in German, whose nouns keep theirs. */
function inSentence(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

const en: Texts = {
  skipToContent: 'Skip to content',
  mainNavigation: 'Main',
  signIn: 'Sign in',
  signOut: 'Sign out',
  signedIn: 'Signed in',
  signedInAs: (email, tier) => 'You are signed in as ' + email + ', on the ' + tier + ' tier.',
  pageNotFound: 'Page not found',
  nothingHere: 'There is nothing here. ',
  goHome: 'Go to the start page',
  somethingWentWrong: 'Something went wrong',
  pageFailed: 'This page could not be shown. Please try again.',
  tryAgain: 'Something went wrong. Please try again.',
  networkError: 'Could not reach the server. Check your connection and try again.',
  requestFailed: (status) => 'The request failed (' + status + ').',
  newItem: (singular) => 'New ' + inSentence(singular),
  editItem: (singular) => 'Edit ' + inSentence(singular),
  createItem: (singular) => 'Create ' + inSentence(singular),
  saveChanges: 'Save changes',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  actions: 'Actions',
  backTo: (plural) => 'Back to ' + inSentence(plural),
  noItemsYet: (plural) => 'No ' + inSentence(plural) + ' yet.',
  noMoreItems: (plural) => 'No more ' + inSentence(plural) + '.',
  addFirst: (singular) => 'Add the first ' + inSentence(singular),
  noSuchItem: (singular) => 'There is no such ' + inSentence(singular) + '.',
  confirmDelete: (title) => 'Delete "' + title + '"? This cannot be undone.',
  deleted: (title) => 'Deleted ' + title + '.',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page, pages) => 'Page ' + page + ' of ' + pages,
  pages: 'Pages',
  saving: 'Saving…',
  fixField: 'Please fix the highlighted field.',
  fixFields: (count) => 'Please fix the ' + count + ' highlighted fields.',
  signInToSee: (plural) => 'Sign in to see and add your ' + inSentence(plural) + '.',
  signInToChange: (plural) => 'Sign in to add or change ' + inSentence(plural) + '.',
  choose: 'Choose…',
  none: '—',
  yes: 'Yes',
  no: 'No',
  tagsPlaceholder: 'comma, separated, tags',
  isRequired: (label) => label + ' is required.',
  mustBeNumber: (label) => label + ' must be a number.',
  mustBeWhole: (label) => label + ' must be a whole number.',
  atLeast: (label, min) => label + ' must be at least ' + min + '.',
  atMost: (label, max) => label + ' must be at most ' + max + '.',
  mustBeEmail: (label) => label + ' must be an e-mail address.',
  mustBeUrl: (label) => label + ' must be a web address starting with https://',
  mustBeDate: (label) => label + ' must be a date.',
  mustBeDateTime: (label) => label + ' must be a date and time.',
  mustBeChoice: (label) => label + ' must be one of the listed choices.',
  mustBeJson: (label) => label + ' must be a JSON object, like {"key": "value"}.',
  details: 'Details',
  total: 'Total',
  totalOf: (label) => 'Total ' + inSentence(label),
  related: (plural) => plural,
  addRelated: (singular) => 'Add ' + inSentence(singular),
  moveTo: (title) => 'Move ' + title + ' to',
  moved: (title, column) => title + ' moved to ' + column + '.',
  dragHint: 'Drag a card to another column, or choose where it goes.',
  cardsShown: (shown, total) => 'Showing ' + shown + ' of ' + total + ' cards; each column counts all of them.',
  unassigned: 'Not set',
  today: 'Today',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  nothingThisMonth: 'Nothing this month.',
  rank: 'Rank',
  unranked: 'Not ranked yet',
  topOf: (shown, total) => 'The top ' + shown + ' of ' + total + '.',
  entries: (count) => (count === 1 ? '1 entry' : count + ' entries'),
  signInToSeeYours: 'Sign in to see yours',
  addNew: 'Add new',
  comingUp: 'Coming up',
  nothingComingUp: 'Nothing coming up.',
  totals: 'Totals',
  views: 'Views',
  emailAddress: 'E-mail address',
  enterEmail: 'Enter your e-mail address and we will send you a sign-in code.',
  sendCode: 'Send me a code',
  invalidEmail: 'Please enter a valid e-mail address.',
  sending: 'Sending…',
  codeSent: (email) => 'We sent a 6-digit code to ' + email + '. It is valid for 10 minutes.',
  signInCode: 'Sign-in code',
  otherAddress: 'Use another address',
  codeHasSixDigits: 'The code has 6 digits.',
  checking: 'Checking…',
};

const fr: Texts = {
  skipToContent: 'Aller au contenu',
  mainNavigation: 'Principale',
  signIn: 'Se connecter',
  signOut: 'Se déconnecter',
  signedIn: 'Connecté',
  signedInAs: (email, tier) => 'Vous êtes connecté en tant que ' + email + ', au niveau ' + tier + '.',
  pageNotFound: 'Page introuvable',
  nothingHere: 'Il n’y a rien ici. ',
  goHome: 'Aller à l’accueil',
  somethingWentWrong: 'Une erreur est survenue',
  pageFailed: 'Cette page n’a pas pu être affichée. Veuillez réessayer.',
  tryAgain: 'Une erreur est survenue. Veuillez réessayer.',
  networkError: 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
  requestFailed: (status) => 'La requête a échoué (' + status + ').',
  newItem: (singular) => 'Ajouter : ' + inSentence(singular),
  editItem: (singular) => 'Modifier : ' + inSentence(singular),
  createItem: (singular) => 'Enregistrer : ' + inSentence(singular),
  saveChanges: 'Enregistrer les modifications',
  cancel: 'Annuler',
  edit: 'Modifier',
  delete: 'Supprimer',
  actions: 'Actions',
  backTo: (plural) => 'Retour : ' + inSentence(plural),
  noItemsYet: (plural) => 'Aucun élément pour l’instant (' + inSentence(plural) + ').',
  noMoreItems: (plural) => 'Plus aucun élément (' + inSentence(plural) + ').',
  addFirst: (singular) => 'Ajouter le premier élément : ' + inSentence(singular),
  noSuchItem: (singular) => 'Élément introuvable : ' + inSentence(singular) + '.',
  confirmDelete: (title) => 'Supprimer « ' + title + ' » ? Cette action est définitive.',
  deleted: (title) => title + ' supprimé.',
  previous: 'Précédent',
  next: 'Suivant',
  pageOf: (page, pages) => 'Page ' + page + ' sur ' + pages,
  pages: 'Pages',
  saving: 'Enregistrement…',
  fixField: 'Veuillez corriger le champ signalé.',
  fixFields: (count) => 'Veuillez corriger les ' + count + ' champs signalés.',
  signInToSee: (plural) => 'Connectez-vous pour voir et ajouter vos éléments (' + inSentence(plural) + ').',
  signInToChange: (plural) => 'Connectez-vous pour ajouter ou modifier des éléments (' + inSentence(plural) + ').',
  choose: 'Choisir…',
  none: '—',
  yes: 'Oui',
  no: 'Non',
  tagsPlaceholder: 'étiquettes, séparées, par des virgules',
  isRequired: (label) => label + ' est obligatoire.',
  mustBeNumber: (label) => label + ' doit être un nombre.',
  mustBeWhole: (label) => label + ' doit être un nombre entier.',
  atLeast: (label, min) => label + ' doit valoir au moins ' + min + '.',
  atMost: (label, max) => label + ' doit valoir au plus ' + max + '.',
  mustBeEmail: (label) => label + ' doit être une adresse e-mail.',
  mustBeUrl: (label) => label + ' doit être une adresse web commençant par https://',
  mustBeDate: (label) => label + ' doit être une date.',
  mustBeDateTime: (label) => label + ' doit être une date et une heure.',
  mustBeChoice: (label) => label + ' doit être l’un des choix proposés.',
  mustBeJson: (label) => label + ' doit être un objet JSON, comme {"clé": "valeur"}.',
  details: 'Détails',
  total: 'Total',
  totalOf: (label) => 'Total : ' + inSentence(label),
  related: (plural) => plural,
  addRelated: (singular) => 'Ajouter : ' + inSentence(singular),
  moveTo: (title) => 'Déplacer ' + title + ' vers',
  moved: (title, column) => title + ' déplacé vers ' + column + '.',
  dragHint: 'Glissez une carte vers une autre colonne, ou choisissez sa destination.',
  cardsShown: (shown, total) => shown + ' cartes affichées sur ' + total + ' ; chaque colonne les compte toutes.',
  unassigned: 'Non défini',
  today: 'Aujourd’hui',
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  nothingThisMonth: 'Rien ce mois-ci.',
  rank: 'Rang',
  unranked: 'Pas encore classé',
  topOf: (shown, total) => 'Les ' + shown + ' premiers sur ' + total + '.',
  entries: (count) => (count <= 1 ? count + ' élément' : count + ' éléments'),
  signInToSeeYours: 'Connectez-vous pour voir les vôtres',
  addNew: 'Ajouter',
  comingUp: 'À venir',
  nothingComingUp: 'Rien à venir.',
  totals: 'Totaux',
  views: 'Vues',
  emailAddress: 'Adresse e-mail',
  enterEmail: 'Saisissez votre adresse e-mail et nous vous enverrons un code de connexion.',
  sendCode: 'Envoyez-moi un code',
  invalidEmail: 'Veuillez saisir une adresse e-mail valide.',
  sending: 'Envoi…',
  codeSent: (email) => 'Nous avons envoyé un code à 6 chiffres à ' + email + '. Il est valable 10 minutes.',
  signInCode: 'Code de connexion',
  otherAddress: 'Utiliser une autre adresse',
  codeHasSixDigits: 'Le code compte 6 chiffres.',
  checking: 'Vérification…',
};

const de: Texts = {
  skipToContent: 'Zum Inhalt springen',
  mainNavigation: 'Hauptmenü',
  signIn: 'Anmelden',
  signOut: 'Abmelden',
  signedIn: 'Angemeldet',
  signedInAs: (email, tier) => 'Sie sind als ' + email + ' angemeldet, Stufe ' + tier + '.',
  pageNotFound: 'Seite nicht gefunden',
  nothingHere: 'Hier ist nichts. ',
  goHome: 'Zur Startseite',
  somethingWentWrong: 'Etwas ist schiefgelaufen',
  pageFailed: 'Diese Seite konnte nicht angezeigt werden. Bitte versuchen Sie es erneut.',
  tryAgain: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  networkError: 'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  requestFailed: (status) => 'Die Anfrage ist fehlgeschlagen (' + status + ').',
  newItem: (singular) => 'Neu: ' + singular,
  editItem: (singular) => 'Bearbeiten: ' + singular,
  createItem: (singular) => 'Anlegen: ' + singular,
  saveChanges: 'Änderungen speichern',
  cancel: 'Abbrechen',
  edit: 'Bearbeiten',
  delete: 'Löschen',
  actions: 'Aktionen',
  backTo: (plural) => 'Zurück zu ' + plural,
  noItemsYet: (plural) => 'Noch keine Einträge (' + plural + ').',
  noMoreItems: (plural) => 'Keine weiteren Einträge (' + plural + ').',
  addFirst: (singular) => 'Ersten Eintrag anlegen: ' + singular,
  noSuchItem: (singular) => 'Diesen Eintrag gibt es nicht: ' + singular + '.',
  confirmDelete: (title) => '„' + title + '“ löschen? Das kann nicht rückgängig gemacht werden.',
  deleted: (title) => title + ' gelöscht.',
  previous: 'Zurück',
  next: 'Weiter',
  pageOf: (page, pages) => 'Seite ' + page + ' von ' + pages,
  pages: 'Seiten',
  saving: 'Speichern…',
  fixField: 'Bitte korrigieren Sie das markierte Feld.',
  fixFields: (count) => 'Bitte korrigieren Sie die ' + count + ' markierten Felder.',
  signInToSee: (plural) => 'Melden Sie sich an, um Ihre Einträge zu sehen und hinzuzufügen (' + plural + ').',
  signInToChange: (plural) => 'Melden Sie sich an, um Einträge hinzuzufügen oder zu ändern (' + plural + ').',
  choose: 'Auswählen…',
  none: '—',
  yes: 'Ja',
  no: 'Nein',
  tagsPlaceholder: 'Schlagwörter, durch, Kommas getrennt',
  isRequired: (label) => label + ' ist erforderlich.',
  mustBeNumber: (label) => label + ' muss eine Zahl sein.',
  mustBeWhole: (label) => label + ' muss eine ganze Zahl sein.',
  atLeast: (label, min) => label + ' muss mindestens ' + min + ' sein.',
  atMost: (label, max) => label + ' darf höchstens ' + max + ' sein.',
  mustBeEmail: (label) => label + ' muss eine E-Mail-Adresse sein.',
  mustBeUrl: (label) => label + ' muss eine Webadresse sein, die mit https:// beginnt',
  mustBeDate: (label) => label + ' muss ein Datum sein.',
  mustBeDateTime: (label) => label + ' muss Datum und Uhrzeit sein.',
  mustBeChoice: (label) => label + ' muss eine der angebotenen Optionen sein.',
  mustBeJson: (label) => label + ' muss ein JSON-Objekt sein, etwa {"Schlüssel": "Wert"}.',
  details: 'Details',
  total: 'Summe',
  totalOf: (label) => 'Summe ' + label,
  related: (plural) => plural,
  addRelated: (singular) => 'Hinzufügen: ' + singular,
  moveTo: (title) => title + ' verschieben nach',
  moved: (title, column) => title + ' nach ' + column + ' verschoben.',
  dragHint: 'Ziehen Sie eine Karte in eine andere Spalte oder wählen Sie ihr Ziel.',
  cardsShown: (shown, total) => shown + ' von ' + total + ' Karten angezeigt; jede Spalte zählt alle.',
  unassigned: 'Nicht gesetzt',
  today: 'Heute',
  previousMonth: 'Voriger Monat',
  nextMonth: 'Nächster Monat',
  nothingThisMonth: 'Nichts in diesem Monat.',
  rank: 'Rang',
  unranked: 'Noch ohne Rang',
  topOf: (shown, total) => 'Die besten ' + shown + ' von ' + total + '.',
  entries: (count) => (count === 1 ? '1 Eintrag' : count + ' Einträge'),
  signInToSeeYours: 'Melden Sie sich an, um Ihre zu sehen',
  addNew: 'Neu anlegen',
  comingUp: 'Demnächst',
  nothingComingUp: 'Demnächst steht nichts an.',
  totals: 'Summen',
  views: 'Ansichten',
  emailAddress: 'E-Mail-Adresse',
  enterEmail: 'Geben Sie Ihre E-Mail-Adresse ein, und wir senden Ihnen einen Anmeldecode.',
  sendCode: 'Code senden',
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  sending: 'Wird gesendet…',
  codeSent: (email) => 'Wir haben einen 6-stelligen Code an ' + email + ' gesendet. Er ist 10 Minuten gültig.',
  signInCode: 'Anmeldecode',
  otherAddress: 'Andere Adresse verwenden',
  codeHasSixDigits: 'Der Code hat 6 Ziffern.',
  checking: 'Wird geprüft…',
};

const es: Texts = {
  skipToContent: 'Ir al contenido',
  mainNavigation: 'Principal',
  signIn: 'Iniciar sesión',
  signOut: 'Cerrar sesión',
  signedIn: 'Sesión iniciada',
  signedInAs: (email, tier) => 'Has iniciado sesión como ' + email + ', en el nivel ' + tier + '.',
  pageNotFound: 'Página no encontrada',
  nothingHere: 'Aquí no hay nada. ',
  goHome: 'Ir a la página de inicio',
  somethingWentWrong: 'Algo salió mal',
  pageFailed: 'No se pudo mostrar esta página. Inténtalo de nuevo.',
  tryAgain: 'Algo salió mal. Inténtalo de nuevo.',
  networkError: 'No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
  requestFailed: (status) => 'La solicitud falló (' + status + ').',
  newItem: (singular) => 'Añadir: ' + inSentence(singular),
  editItem: (singular) => 'Editar: ' + inSentence(singular),
  createItem: (singular) => 'Guardar: ' + inSentence(singular),
  saveChanges: 'Guardar cambios',
  cancel: 'Cancelar',
  edit: 'Editar',
  delete: 'Eliminar',
  actions: 'Acciones',
  backTo: (plural) => 'Volver a ' + inSentence(plural),
  noItemsYet: (plural) => 'Todavía no hay elementos (' + inSentence(plural) + ').',
  noMoreItems: (plural) => 'No hay más elementos (' + inSentence(plural) + ').',
  addFirst: (singular) => 'Añadir el primer elemento: ' + inSentence(singular),
  noSuchItem: (singular) => 'No existe ese elemento: ' + inSentence(singular) + '.',
  confirmDelete: (title) => '¿Eliminar «' + title + '»? No se puede deshacer.',
  deleted: (title) => title + ' eliminado.',
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: (page, pages) => 'Página ' + page + ' de ' + pages,
  pages: 'Páginas',
  saving: 'Guardando…',
  fixField: 'Corrige el campo señalado.',
  fixFields: (count) => 'Corrige los ' + count + ' campos señalados.',
  signInToSee: (plural) => 'Inicia sesión para ver y añadir tus elementos (' + inSentence(plural) + ').',
  signInToChange: (plural) => 'Inicia sesión para añadir o cambiar elementos (' + inSentence(plural) + ').',
  choose: 'Elegir…',
  none: '—',
  yes: 'Sí',
  no: 'No',
  tagsPlaceholder: 'etiquetas, separadas, por comas',
  isRequired: (label) => label + ' es obligatorio.',
  mustBeNumber: (label) => label + ' debe ser un número.',
  mustBeWhole: (label) => label + ' debe ser un número entero.',
  atLeast: (label, min) => label + ' debe ser al menos ' + min + '.',
  atMost: (label, max) => label + ' debe ser como máximo ' + max + '.',
  mustBeEmail: (label) => label + ' debe ser una dirección de correo.',
  mustBeUrl: (label) => label + ' debe ser una dirección web que empiece por https://',
  mustBeDate: (label) => label + ' debe ser una fecha.',
  mustBeDateTime: (label) => label + ' debe ser una fecha y una hora.',
  mustBeChoice: (label) => label + ' debe ser una de las opciones.',
  mustBeJson: (label) => label + ' debe ser un objeto JSON, como {"clave": "valor"}.',
  details: 'Detalles',
  total: 'Total',
  totalOf: (label) => 'Total: ' + inSentence(label),
  related: (plural) => plural,
  addRelated: (singular) => 'Añadir: ' + inSentence(singular),
  moveTo: (title) => 'Mover ' + title + ' a',
  moved: (title, column) => title + ' movido a ' + column + '.',
  dragHint: 'Arrastra una tarjeta a otra columna o elige adónde va.',
  cardsShown: (shown, total) => 'Se muestran ' + shown + ' de ' + total + ' tarjetas; cada columna las cuenta todas.',
  unassigned: 'Sin definir',
  today: 'Hoy',
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  nothingThisMonth: 'Nada este mes.',
  rank: 'Puesto',
  unranked: 'Sin clasificar',
  topOf: (shown, total) => 'Los ' + shown + ' primeros de ' + total + '.',
  entries: (count) => (count === 1 ? '1 elemento' : count + ' elementos'),
  signInToSeeYours: 'Inicia sesión para ver los tuyos',
  addNew: 'Añadir',
  comingUp: 'Próximamente',
  nothingComingUp: 'No hay nada próximamente.',
  totals: 'Totales',
  views: 'Vistas',
  emailAddress: 'Correo electrónico',
  enterEmail: 'Escribe tu correo electrónico y te enviaremos un código para iniciar sesión.',
  sendCode: 'Envíame un código',
  invalidEmail: 'Escribe un correo electrónico válido.',
  sending: 'Enviando…',
  codeSent: (email) => 'Hemos enviado un código de 6 cifras a ' + email + '. Es válido durante 10 minutos.',
  signInCode: 'Código de acceso',
  otherAddress: 'Usar otra dirección',
  codeHasSixDigits: 'El código tiene 6 cifras.',
  checking: 'Comprobando…',
};

export const TEXTS: Record<Language, Texts> = { en, fr, de, es };

let current: Language = 'en';

/** Sets the app's language once, at start (from its plan). */
export function setLanguage(language: Language): void {
  current = language;
}

export function language(): Language {
  return current;
}

/** The texts of the app's language. */
export function t(): Texts {
  return TEXTS[current];
}
