/**
 * The blueprint planner's French, German and Spanish: data only. A prompt in one of these languages is read by
 * turning its words into the English words the planner understands (`LEXICON`, phrases first), and the plan it
 * makes is put back into the prompt's language: the user's own words for their things, `FIELD_LABELS` for the
 * fields the planner adds, `OPTION_LABELS` for its choices, `UI_TEXTS` for page titles and the description.
 */
import type { AppLanguage } from '@appgen/contracts';

export type OtherLanguage = Exclude<AppLanguage, 'en'>;

/** Frequent words only one language uses: two or more of them (and more than English ones) name the language. */
export const LANGUAGE_MARKERS: Record<AppLanguage, string[]> = {
  en: ['the', 'and', 'with', 'for', 'where', 'my', 'our', 'i', 'we', 'to', 'of', 'a', 'an', 'each', 'their', 'app', 'track', 'manage', 'keep', 'who', 'which', 'that', 'is', 'are', 'by'],
  fr: ['le', 'la', 'les', 'un', 'une', 'des', 'du', 'et', 'avec', 'pour', 'où', 'mon', 'ma', 'mes', 'notre', 'nos', 'je', 'nous', 'chaque', 'leur', 'leurs', 'qui', 'dans', 'sur', 'gérer', 'suivre', 'ou', 'est', 'sont', 'par', 'entre', 'application', 'au', 'aux', 'ses', 'ce', 'cette'],
  de: ['der', 'die', 'das', 'ein', 'eine', 'einen', 'einer', 'und', 'mit', 'für', 'wo', 'mein', 'meine', 'unser', 'unsere', 'ich', 'wir', 'jede', 'jeder', 'jedes', 'ihre', 'den', 'dem', 'des', 'oder', 'von', 'zu', 'ist', 'sind', 'verwalten', 'zwischen', 'auf', 'im', 'werden', 'wird', 'meiner', 'unserer'],
  es: ['el', 'los', 'las', 'una', 'unos', 'unas', 'y', 'con', 'para', 'donde', 'mis', 'nuestro', 'nuestra', 'nuestros', 'yo', 'nosotros', 'cada', 'su', 'sus', 'que', 'en', 'del', 'al', 'gestionar', 'o', 'es', 'son', 'por', 'entre', 'aplicación', 'mi', 'se'],
};

/**
 * Words and phrases of each language as the English words the planner reads. Keys are lower-case; phrases of up
 * to three words come first ("temps de cuisson"). Nouns are given in both numbers so the English sees the plural
 * where the prompt has one.
 */
export const LEXICON: Record<OtherLanguage, Record<string, string>> = {
  fr: {
    // fields that hold one of a few values ("difficulté facile, moyenne ou difficile")
    niveau: 'level', couleur: 'colour', 'état': 'condition', 'difficulté': 'difficulty', humeur: 'mood', saison: 'season', sorte: 'kind', 'espèce': 'species', 'gravité': 'severity', urgence: 'urgency', 'fréquence': 'frequency',
    // dates of a stay and facts said 'or not'
    'arrivée': 'arrival', 'départ': 'departure', 'ou non': 'or not', 'ou pas': 'or not',
    // "une date de livraison": the date of a happening
    livraison: 'delivery', 'date de livraison': 'delivery date', retrait: 'pickup', 'date de retrait': 'pickup date',
    // function words
    le: 'the', la: 'the', les: 'the', un: 'a', une: 'an', des: 'some', du: 'of', de: 'of', et: 'and', ou: 'or', avec: 'with', pour: 'for', 'où': 'where',
    mon: 'my', ma: 'my', mes: 'my', notre: 'our', nos: 'our', votre: 'your', vos: 'your', je: 'i', nous: 'we', chaque: 'each', leur: 'their', leurs: 'their',
    'il faut': 'we need', 'faut': 'need', qui: 'who', que: 'that', dans: 'in', sur: 'on', par: 'by', entre: 'between', parmi: 'among', au: 'at', aux: 'to', ses: 'its', son: 'its', sa: 'its',
    ce: 'this', cette: 'this', ces: 'these', plusieurs: 'several', tous: 'all', toutes: 'all', si: 'if', soit: 'either', est: 'is', sont: 'are', 'à': 'to', en: 'in',
    // question words and clauses a fact or a relation is asked with ("quel élève", "s'il a réussi", "s'ils ont été vendus")
    quotidien: 'daily', quotidienne: 'daily', quotidiens: 'daily', quotidiennes: 'daily', hebdomadaire: 'weekly', mensuel: 'monthly', mensuelle: 'monthly',
    // "la note de chaque élève à chaque examen": a mark given, and where each is
    'carnet de notes': 'gradebook', 'à chaque': 'at each', 'la note': 'the score', 'une note': 'a score', 'sa note': 'its score', 'leur note': 'their score',
    quand: 'when', combien: 'how many', 'combien de': 'how many',
    deux: '2', trois: '3', quatre: '4', cinq: '5', six: '6', dix: '10',
    quel: 'which', quelle: 'which', quels: 'which', quelles: 'which', "s'il": 'if it', "s'ils": 'if they', "s'elle": 'if it', "s'elles": 'if they',
    ont: 'have', 'été': 'been', aussi: 'also', ensuite: 'then', puis: 'then', veux: 'want', voudrais: 'would like', aimerais: 'would like',
    'né': 'born', 'née': 'born', 'nés': 'born', 'nées': 'born', vendu: 'sold', vendue: 'sold', vendus: 'sold', vendues: 'sold', 'réussi': 'passed', 'réussie': 'passed',
    simple: 'simple', petit: 'small', petite: 'small', 'elles': 'they', ils: 'they', il: 'it', elle: 'it', 'on': 'we', selon: 'by', 'passant par': 'moving through',
    'passent par': 'move through', suivant: 'following', suivante: 'following', suivants: 'following', suivantes: 'following', 'passe par': 'moves through', 'étapes': 'stages', 'étape': 'stage', statut: 'status', statuts: 'statuses', 'colonnes': 'columns',
    // app words
    application: 'app', appli: 'app', app: 'app', outil: 'tool', site: 'site', gestionnaire: 'manager', gestion: 'manager', suivi: 'tracker', planificateur: 'scheduler',
    planning: 'schedule', agenda: 'calendar', calendrier: 'calendar', tableau: 'board', kanban: 'kanban', journal: 'journal', carnet: 'log', liste: 'list', classement: 'leaderboard',
    inventaire: 'inventory', catalogue: 'catalog', répertoire: 'directory', annuaire: 'directory', registre: 'register', partage: 'splitter', répartiteur: 'splitter',
    // verbs
    'gérer': 'manage', suivre: 'track', enregistrer: 'record', noter: 'rate', 'note': 'rate', notent: 'rate', garder: 'keep', sauvegarder: 'save', planifier: 'plan', organiser: 'organize',
    'réserver': 'book', 'réservent': 'book', 'réserve': 'books', inscrire: 'sign', inscrivent: 'sign', 'inscrit': 'signs', "s'inscrivent": 'sign', "s'inscrit": 'signs', 'lister': 'list',
    'payé': 'paid', 'payée': 'paid', 'payés': 'paid', 'payées': 'paid', 'réglé': 'paid', 'réglée': 'paid', 'réglés': 'paid', 'réglées': 'paid',
    inscrits: 'registered', inscrites: 'registered', 'inscrite': 'registered', chacun: 'each', chacune: 'each', 'partagé': 'shared', 'partagée': 'shared', 'partagés': 'shared', 'partagées': 'shared',
    'assigné': 'assigned', 'assignée': 'assigned', 'assignées': 'assigned', 'assignés': 'assigned', 'écrit': 'written', 'écrites': 'written', 'empruntent': 'borrow', 'proposent': 'suggest',
    // verbs of wanting and keeping, in the first person and the infinitive ("nous voulons suivre", "il nous faut")
    'nous avons besoin de': 'we need', 'avons besoin de': 'need', 'besoin de': 'need', 'il nous faut': 'we need', voulons: 'want', 'souhaitons': 'would like', souhaite: 'would like',
    'aimerions': 'would like', 'voudrions': 'would like', 'pouvoir': 'be able to', 'savoir': 'know', voir: 'see', contrôler: 'track', tenir: 'keep', 'conserver': 'keep',
    'gère': 'run', 'gérons': 'run', suis: 'am', ai: 'have', tiens: 'keep', tenons: 'keep', 'dois': 'need to', devons: 'need to', avons: 'have', sommes: 'are', 'suivons': 'track', 'achetés': 'bought', 'achetées': 'bought', 'acheté': 'bought', 'achetée': 'bought', 'utilisés': 'used', 'utilisées': 'used',
    'prêtés': 'lent', 'prêtées': 'lent', 'vendre': 'sell', acheter: 'buy', 'louer': 'rent', 'loués': 'rented', 'louées': 'rented',
    classer: 'rank', 'on classe': 'we rank', 'je livre': 'i deliver', 'nous livrons': 'we deliver', 'on livre': 'we deliver', 'livrons': 'deliver', 'classons': 'rank', 'meilleur': 'best', 'meilleure': 'best', 'meilleurs': 'best', 'meilleures': 'best', 'cocher': 'check', marquer: 'mark', 'comme': 'as', 'fait': 'done', 'faite': 'done', 'faites': 'done', 'payer': 'pay', coûte: 'costs', 'coûtent': 'cost',
    // things
    'recette': 'recipe', recettes: 'recipes', 'tâche': 'task', 'tâches': 'tasks', projet: 'project', projets: 'projects', 'dépense': 'expense', 'dépenses': 'expenses',
    'bénévole': 'volunteer', 'bénévoles': 'volunteers', 'créneau': 'shift', 'créneaux': 'shifts', 'équipe': 'shift', 'garde': 'shift', gardes: 'shifts',
    client: 'customer', clients: 'customers', 'rendez-vous': 'appointments', rdv: 'appointments', membre: 'member', membres: 'members', livre: 'book', livres: 'books',
    chanson: 'song', chansons: 'songs', album: 'album', albums: 'albums', voyage: 'trip', voyages: 'trips', personne: 'person', personnes: 'people', 'participants': 'participants',
    produit: 'product', produits: 'products', article: 'item', articles: 'items', commande: 'order', commandes: 'orders', facture: 'invoice', factures: 'invoices',
    'élève': 'student', 'élèves': 'students', 'étudiant': 'student', 'étudiants': 'students', cours: 'classes', classe: 'class', notes: 'notes', devoir: 'assignment', devoirs: 'assignments',
    joueur: 'player', joueurs: 'players', 'équipes': 'teams', match: 'match', matchs: 'matches', tournoi: 'tournament', tournois: 'tournaments', 'événement': 'event', 'événements': 'events',
    plante: 'plant', plantes: 'plants', animal: 'animal', animaux: 'animals', chien: 'dog', chiens: 'dogs', chat: 'cat', chats: 'cats', refuge: 'shelter', 'salle': 'room',
    contact: 'contact', contacts: 'contacts', entreprise: 'company', entreprises: 'companies', 'fournisseur': 'supplier', fournisseurs: 'suppliers', stock: 'stock',
    film: 'movie', films: 'movies', 'série': 'show', 'séries': 'shows', habitude: 'habit', habitudes: 'habits', objectif: 'goal', objectifs: 'goals', 'idée': 'idea', 'idées': 'ideas',
    'séance': 'session', 'séances': 'sessions', 'entraînement': 'workout', 'entraînements': 'workouts', 'réservation': 'booking', 'réservations': 'bookings', 'répétition': 'rehearsal', 'répétitions': 'rehearsals',
    groupe: 'band', 'vin': 'wine', vins: 'wines', 'famille': 'family', 'boutique': 'shop', magasin: 'shop', club: 'club', 'école': 'school', 'bibliothèque': 'library',
    // fields
    nom: 'name', titre: 'title', description: 'description', date: 'date', 'date limite': 'due date', 'échéance': 'due date', "date d'échéance": 'due date', prix: 'price', montant: 'amount',
    'coût': 'cost', total: 'total', 'quantité': 'quantity', 'catégorie': 'category', 'priorité': 'priority', 'note sur 5': 'rating', 'évaluation': 'rating', score: 'score', points: 'points',
    email: 'email', 'e-mail': 'email', 'courriel': 'email', 'téléphone': 'phone', adresse: 'address', lieu: 'location', location: 'rental', locations: 'rentals', 'au nom': 'for', 'durée': 'duration', heure: 'time', 'heure de début': 'start time',
    'ingrédients': 'ingredients', 'temps de cuisson': 'cooking time', portions: 'servings', auteur: 'author', genre: 'genre', commentaires: 'comments', remarques: 'notes', 'étiquettes': 'tags',
    photo: 'photo', lien: 'link', 'capacité': 'capacity', 'matin': 'morning', 'après-midi': 'afternoon', soir: 'evening', nuit: 'night', 'semaine': 'week', jour: 'day', 'vue': 'view',
    // measures: numbers
    tarif: 'price', tarifs: 'prices', taille: 'size', race: 'breed', sexe: 'sex', naissance: 'birth', 'date de naissance': 'birth date',
    poids: 'weight', hauteur: 'height', largeur: 'width', 'température': 'temperature', kilos: 'kg', 'kilomètres': 'km', litres: 'litres', 'litre': 'litres',
    'anniversaire': 'birthday', salaire: 'salary', 'vote': 'votes', votes: 'votes', 'victoires': 'wins', 'terminé': 'done', 'terminée': 'done', 'payée ou non': 'paid',
  },
  de: {
    // fields that hold one of a few values ("Schwierigkeit leicht, mittel oder schwer")
    typ: 'type', art: 'kind', niveau: 'level', 'größe': 'size', farbe: 'colour', zustand: 'condition', schwierigkeit: 'difficulty', stimmung: 'mood', saison: 'season', schweregrad: 'severity', dringlichkeit: 'urgency', 'häufigkeit': 'frequency',
    // dates of a stay and facts said 'or not'
    ankunft: 'arrival', anreise: 'arrival', abreise: 'departure', 'oder nicht': 'or not',
    // shopping and cleaning in compounds ('Einkaufsliste', 'Putzplan'), someone who buys
    einkauf: 'shopping', putz: 'cleaning', jemand: 'someone', besorgt: 'buys', besorgen: 'buy', kauft: 'buys', kaufen: 'buy', gekauft: 'bought',
    der: 'the', die: 'the', das: 'the', den: 'the', dem: 'the', des: 'of', eines: 'of a', meines: 'of my', unseres: 'of our', ihres: 'of their', seines: 'of its', ein: 'a', eine: 'a', einen: 'a', einer: 'a', einem: 'a', und: 'and', oder: 'or', mit: 'with',
    'für': 'for', wo: 'where', mein: 'my', meine: 'my', meinen: 'my', meiner: 'my', unser: 'our', unsere: 'our', unseren: 'our', unserer: 'our', ich: 'i', wir: 'we',
    jede: 'each', jeder: 'each', jedes: 'each', jeden: 'each', ihre: 'their', ihren: 'their', von: 'of', zu: 'to', zum: 'to', zur: 'to', ist: 'is', sind: 'are', im: 'in', in: 'in',
    auf: 'on', bei: 'at', zwischen: 'between', unter: 'among', mehrere: 'several', mehreren: 'several', alle: 'all', ob: 'whether', wenn: 'if', als: 'as', nach: 'by', pro: 'per', je: 'per',
    es: 'it', er: 'he', sie: 'they', wurde: 'was', wurden: 'were', war: 'was', waren: 'were', hat: 'has', haben: 'have', wird: 'is', werden: 'are',
    // "gehört zu einer Gruppe": belonging, not the participle of "hören"
    'gehört zu': 'belongs to', 'gehören zu': 'belong to', 'gehört zum': 'belongs to', 'gehört zur': 'belongs to',
    einfach: 'simple', einfache: 'simple', einfacher: 'simple', kleine: 'small', durch: 'through', 'über': 'through', phasen: 'stages', stufen: 'stages', status: 'status',
    spalten: 'columns', 'durchlaufen': 'move through', 'durchläuft': 'moves through', folgende: 'following', folgenden: 'following', 'laufen': 'move', wandern: 'move',
    app: 'app', anwendung: 'app', tool: 'tool', werkzeug: 'tool', verwaltung: 'manager', manager: 'manager', tracker: 'tracker', planer: 'scheduler', planner: 'planner',
    kalender: 'calendar', board: 'board', tafel: 'board', kanban: 'kanban', tagebuch: 'journal', liste: 'list', rangliste: 'leaderboard', bestenliste: 'leaderboard', inventar: 'inventory',
    katalog: 'catalog', verzeichnis: 'directory', teiler: 'splitter', rechner: 'splitter', dienstplan: 'shift scheduler', tabelle: 'list',
    // verbs of wanting and keeping ("ich brauche", "wir wollen … sehen", "abhaken")
    brauche: 'need', brauchen: 'need', 'möchte': 'would like', 'möchten': 'would like', will: 'want', wollen: 'want', sehen: 'see', abhaken: 'check', haken: 'tick', 'häkchen': 'tick', notieren: 'record', festhalten: 'record',
    'führen': 'keep', behalten: 'keep', 'überblick': 'overview', 'benutzt': 'used', 'verliehen': 'lent',
    // first person: "ich verwalte Ferienwohnungen", "wir organisieren …"
    verwalte: 'run', organisiere: 'organize', plane: 'plan', betreibe: 'run', betreiben: 'run', leite: 'run', leiten: 'run', 'führe': 'run',
    verwalten: 'manage', verfolgen: 'track', erfassen: 'record', speichern: 'save', bewerten: 'rate', planen: 'plan', organisieren: 'organize', buchen: 'book', eintragen: 'sign',
    'tragen sich ein': 'sign up', melden: 'sign', 'melden sich an': 'sign up', anmelden: 'sign up', bezahlt: 'paid', geteilt: 'shared', 'aufgeteilt': 'split', zugewiesen: 'assigned',
    welche: 'which', welcher: 'which', welches: 'which', welchen: 'which', welchem: 'which', geschrieben: 'written', 'ausleihen': 'borrow', 'leihen': 'borrow', markieren: 'mark', erledigt: 'done', kostet: 'costs',
    rezept: 'recipe', rezepte: 'recipes', aufgabe: 'task', aufgaben: 'tasks', projekt: 'project', projekte: 'projects', ausgabe: 'expense', ausgaben: 'expenses',
    helfer: 'volunteers', helferin: 'volunteer', 'ehrenamtliche': 'volunteers', 'freiwillige': 'volunteers', freiwilliger: 'volunteer', schicht: 'shift', schichten: 'shifts',
    kunde: 'customer', kunden: 'customers', termin: 'appointment', termine: 'appointments', mitglied: 'member', mitglieder: 'members', buch: 'book', 'bücher': 'books',
    lied: 'song', lieder: 'songs', song: 'song', songs: 'songs', album: 'album', alben: 'albums', reise: 'trip', reisen: 'trips', person: 'person', personen: 'people', leute: 'people',
    teilnehmer: 'participants', produkt: 'product', produkte: 'products', artikel: 'items', bestellung: 'order', bestellungen: 'orders', rechnung: 'invoice', rechnungen: 'invoices',
    'schüler': 'students', 'schülerin': 'student', student: 'student', studenten: 'students', kurs: 'class', kurse: 'classes', note: 'grade', noten: 'grades', hausaufgaben: 'assignments',
    spieler: 'players', mannschaft: 'team', mannschaften: 'teams', team: 'team', teams: 'teams', spiel: 'match', spiele: 'matches', turnier: 'tournament', turniere: 'tournaments',
    veranstaltung: 'event', veranstaltungen: 'events', pflanze: 'plant', pflanzen: 'plants', tier: 'animal', tiere: 'animals', hund: 'dog', hunde: 'dogs', katze: 'cat', katzen: 'cats',
    tierheim: 'shelter', kontakt: 'contact', kontakte: 'contacts', firma: 'company', firmen: 'companies', lieferant: 'supplier', lieferanten: 'suppliers', film: 'movie', filme: 'movies',
    serie: 'show', serien: 'shows', gewohnheit: 'habit', gewohnheiten: 'habits', ziel: 'goal', ziele: 'goals', idee: 'idea', ideen: 'ideas', training: 'workout', trainings: 'workouts',
    buchung: 'booking', buchungen: 'bookings', probe: 'rehearsal', proben: 'rehearsals', band: 'band', wein: 'wine', weine: 'wines', familie: 'family', laden: 'shop', verein: 'club',
    schule: 'school', klasse: 'class', 'gruppenreise': 'group trip', gruppe: 'group',
    name: 'name', titel: 'title', beschreibung: 'description', datum: 'date', 'fälligkeitsdatum': 'due date', frist: 'deadline', preis: 'price', betrag: 'amount', kosten: 'cost',
    summe: 'total', menge: 'quantity', anzahl: 'count', kategorie: 'category', 'priorität': 'priority', bewertung: 'rating', punkte: 'points', punktzahl: 'score', stimmen: 'votes',
    'e-mail': 'email', email: 'email', telefon: 'phone', adresse: 'address', ort: 'location', dauer: 'duration', uhrzeit: 'time', startzeit: 'start time', beginn: 'start time',
    zutaten: 'ingredients', kochzeit: 'cooking time', portionen: 'servings', autor: 'author', genre: 'genre', notizen: 'notes', kommentare: 'comments', tags: 'tags', schlagworte: 'tags',
    foto: 'photo', link: 'link', 'kapazität': 'capacity', morgen: 'morning', morgens: 'morning', vormittag: 'morning', nachmittag: 'afternoon', abend: 'evening', abends: 'evening',
    // measures: numbers
    wann: 'when', 'wie viele': 'how many', wieviel: 'how much', 'wie viel': 'how much',
    zwei: '2', drei: '3', vier: '4', 'fünf': '5', sechs: '6', zehn: '10',
    spender: 'donors', familien: 'families', fahrzeug: 'vehicle', fahrzeuge: 'vehicles', ergebnis: 'result', ergebnisse: 'results', verkauf: 'sales', verkauft: 'sold',
    'geburtsdatum': 'birth date', rasse: 'breed', geschlecht: 'sex',
    // "die besten Schwimmer oben": an order, best first
    beste: 'best', besten: 'best', bester: 'best', 'meisten': 'most', oben: 'at the top', 'ganz oben': 'at the top', zuerst: 'first',
    gewicht: 'weight', 'höhe': 'height', breite: 'width', temperatur: 'temperature', kilo: 'kg', kilos: 'kg', kilogramm: 'kg', kilometer: 'km', liter: 'litres',
    nacht: 'night', woche: 'week', tag: 'day', tages: 'day', ansicht: 'view', tagesansicht: 'day view', wochenansicht: 'week view', geburtstag: 'birthday', gehalt: 'salary', siege: 'wins',
    'früh': 'morning', 'spät': 'evening', 'frühschicht': 'morning shift', 'spätschicht': 'evening shift',
  },
  es: {
    // fields that hold one of a few values ("dificultad fácil, media o difícil")
    tipo: 'type', nivel: 'level', 'tamaño': 'size', 'condición': 'condition', dificultad: 'difficulty', 'ánimo': 'mood', temporada: 'season', especie: 'species', gravedad: 'severity', urgencia: 'urgency', frecuencia: 'frequency',
    // dates of a stay and facts said 'or not'
    llegada: 'arrival', salida: 'departure', entrada: 'arrival', 'o no': 'or not',
    // "si han pagado": the perfect's auxiliary, so the participle after it names the fact
    ha: 'has', han: 'have', hemos: 'have', hayan: 'have', haya: 'has',
    el: 'the', la: 'the', los: 'the', las: 'the', un: 'a', una: 'a', unos: 'some', unas: 'some', y: 'and', e: 'and', o: 'or', u: 'or', con: 'with', para: 'for', donde: 'where', 'dónde': 'where',
    mi: 'my', mis: 'my', nuestro: 'our', nuestra: 'our', nuestros: 'our', nuestras: 'our', yo: 'i', nosotros: 'we', cada: 'each', su: 'their', sus: 'their', que: 'that',
    en: 'in', del: 'of', de: 'of', al: 'to', a: 'to', por: 'by', entre: 'among', varios: 'several', varias: 'several', todos: 'all', todas: 'all', si: 'if', es: 'is', son: 'are', 'está': 'is', 'están': 'are', estaba: 'was', estaban: 'were', 'fue': 'was', fueron: 'were',
    // question words and common verbs ("quién compra", "cuántas docenas", "¿qué gallinero pone más?", "quiero ver")
    apuntar: 'record', anotar: 'record', diaria: 'daily', diarias: 'daily', diarios: 'daily', semanal: 'weekly', mensual: 'monthly',
    dos: '2', tres: '3', cuatro: '4', cinco: '5', seis: '6', diez: '10',
    'qué': 'which', 'cuál': 'which', 'quién': 'who', 'cuántos': 'how many', 'cuántas': 'how many', 'número': 'number', 'número de': 'number of', 'más': 'most',
    // verbs of wanting and keeping, in the first person, the infinitive and the participle ("necesitamos controlar las obras", "los materiales comprados")
    tiene: 'has', tienen: 'have', somos: 'we are', soy: 'i am', necesito: 'i need', necesitamos: 'we need', queremos: 'we want', quisiera: 'would like', 'quisiéramos': 'would like', 'nos gustaría': 'we would like',
    llevo: 'run', llevamos: 'run', gestiono: 'run', gestionamos: 'run', controlar: 'track', controlamos: 'track', llevar: 'keep', 'llevar el control': 'keep track', 'control de': 'tracking of',
    saber: 'know', tener: 'have', poder: 'be able to', apuntamos: 'record', anotamos: 'record', vendemos: 'sell', compramos: 'buy', vender: 'sell', comprar: 'buy', alquilar: 'rent',
    comprado: 'bought', comprada: 'bought', comprados: 'bought', compradas: 'bought', usado: 'used', usados: 'used', usadas: 'used', prestado: 'lent', prestados: 'lent', alquilados: 'rented',
    'también': 'also', ya: 'already', quiero: 'want', tengo: 'have', tenemos: 'have', 'me gustaría': 'i would like', ver: 'see',
    ganado: 'won', ganados: 'won', ganada: 'won', ganadas: 'won', vendido: 'sold', vendidos: 'sold', vendida: 'sold', vendidas: 'sold', compra: 'buys', compran: 'buy',
    sencilla: 'simple', sencillo: 'simple', simple: 'simple', 'pequeña': 'small', 'pasando por': 'moving through', 'pasan por': 'move through', 'pasa por': 'moves through', siguiente: 'following', siguientes: 'following',
    etapas: 'stages', etapa: 'stage', fases: 'stages', estado: 'status', estados: 'statuses', columnas: 'columns', 'según': 'by',
    'aplicación': 'app', app: 'app', herramienta: 'tool', sitio: 'site', gestor: 'manager', 'gestión': 'manager', administrador: 'manager', seguimiento: 'tracker', rastreador: 'tracker',
    planificador: 'scheduler', agenda: 'calendar', calendario: 'calendar', tablero: 'board', kanban: 'kanban', diario: 'journal', lista: 'list', 'clasificación': 'leaderboard',
    ranking: 'leaderboard', inventario: 'inventory', 'catálogo': 'catalog', directorio: 'directory', registro: 'register', divisor: 'splitter', repartidor: 'splitter',
    gestionar: 'manage', administrar: 'manage', seguir: 'track', registrar: 'record', guardar: 'save', calificar: 'rate', puntuar: 'rate', planificar: 'plan', organizar: 'organize',
    reservar: 'book', reservan: 'book', inscribirse: 'sign up', 'se inscriben': 'sign up', inscriben: 'sign', apuntan: 'sign', 'se apuntan': 'sign up', pagado: 'paid', pagada: 'paid',
    pagados: 'paid', pagadas: 'paid', compartido: 'shared', compartida: 'shared', compartidos: 'shared', compartidas: 'shared', asignado: 'assigned', asignada: 'assigned',
    asignadas: 'assigned', asignados: 'assigned', escrito: 'written', prestan: 'borrow', piden: 'borrow', proponen: 'suggest', marcar: 'mark', como: 'as', hecho: 'done', hecha: 'done', cuesta: 'costs',
    receta: 'recipe', recetas: 'recipes', tarea: 'task', tareas: 'tasks', proyecto: 'project', proyectos: 'projects', gasto: 'expense', gastos: 'expenses',
    voluntario: 'volunteer', voluntarios: 'volunteers', voluntaria: 'volunteer', voluntarias: 'volunteers', turno: 'shift', turnos: 'shifts', cliente: 'customer', clientes: 'customers',
    cita: 'appointment', citas: 'appointments', miembro: 'member', miembros: 'members', socio: 'member', socios: 'members', libro: 'book', libros: 'books', 'canción': 'song', canciones: 'songs',
    'álbum': 'album', 'álbumes': 'albums', viaje: 'trip', viajes: 'trips', persona: 'person', personas: 'people', participantes: 'participants', producto: 'product', productos: 'products',
    'artículo': 'item', 'artículos': 'items', pedido: 'order', pedidos: 'orders', factura: 'invoice', facturas: 'invoices', alumno: 'student', alumnos: 'students', estudiante: 'student',
    estudiantes: 'students', curso: 'class', cursos: 'classes', clase: 'class', clases: 'classes', nota: 'grade', notas: 'grades', jugador: 'player', jugadores: 'players',
    equipo: 'team', equipos: 'teams', partido: 'match', partidos: 'matches', torneo: 'tournament', torneos: 'tournaments', evento: 'event', eventos: 'events', planta: 'plant', plantas: 'plants',
    animal: 'animal', animales: 'animals', perro: 'dog', perros: 'dogs', gato: 'cat', gatos: 'cats', refugio: 'shelter', contacto: 'contact', contactos: 'contacts', empresa: 'company',
    empresas: 'companies', proveedor: 'supplier', proveedores: 'suppliers', 'película': 'movie', 'películas': 'movies', serie: 'show', series: 'shows', 'hábito': 'habit', 'hábitos': 'habits',
    objetivo: 'goal', objetivos: 'goals', idea: 'idea', ideas: 'ideas', entrenamiento: 'workout', entrenamientos: 'workouts', reserva: 'booking', reservas: 'bookings', ensayo: 'rehearsal',
    ensayos: 'rehearsals', banda: 'band', grupo: 'group', vino: 'wine', vinos: 'wines', familia: 'family', tienda: 'shop', club: 'club', escuela: 'school', colegio: 'school', biblioteca: 'library',
    nombre: 'name', 'título': 'title', 'descripción': 'description', fecha: 'date', 'fecha límite': 'due date', 'fecha de entrega': 'due date', precio: 'price', importe: 'amount', monto: 'amount',
    cantidad: 'quantity', costo: 'cost', coste: 'cost', total: 'total', 'categoría': 'category', prioridad: 'priority', 'valoración': 'rating', 'puntuación': 'score', puntos: 'points', votos: 'votes',
    correo: 'email', email: 'email', 'teléfono': 'phone', 'dirección': 'address', lugar: 'location', 'duración': 'duration', hora: 'time', 'hora de inicio': 'start time',
    ingredientes: 'ingredients', 'tiempo de cocción': 'cooking time', porciones: 'servings', autor: 'author', 'género': 'genre', comentarios: 'comments', etiquetas: 'tags',
    foto: 'photo', enlace: 'link', capacidad: 'capacity', 'mañana': 'morning', tarde: 'evening', noche: 'night', semana: 'week', 'día': 'day', vista: 'view', 'cumpleaños': 'birthday',
    // "los mejores nadadores arriba": an order, best first
    mejor: 'best', mejores: 'best', 'máximo': 'top', 'máxima': 'top', 'máximos': 'top', 'máximas': 'top', arriba: 'at the top', 'en cabeza': 'at the top', primero: 'first', primeros: 'first',
    // measures: numbers
    peso: 'weight', altura: 'height', anchura: 'width', temperatura: 'temperature', kilos: 'kg', 'kilómetros': 'km', litros: 'litres', litro: 'litres',
    salario: 'salary', victorias: 'wins', venta: 'sale', ventas: 'sales', tarifa: 'price', talla: 'size', raza: 'breed', sexo: 'sex', 'fecha de nacimiento': 'birth date',
  },
};

/** Labels of the fields the planner adds on its own, by field name. */
/** The small words field names are made with ("bought_by", "date_of_…"), as a label says them. */
export const LABEL_WORDS: Record<OtherLanguage, Record<string, string>> = {
  fr: { by: 'par', of: 'de', to: 'à', for: 'pour', and: 'et' },
  de: { by: 'von', of: 'von', to: 'an', for: 'für', and: 'und' },
  es: { by: 'por', of: 'de', to: 'a', for: 'para', and: 'y' },
};

export const FIELD_LABELS: Record<OtherLanguage, Record<string, string>> = {
  fr: {
    name: 'Nom', title: 'Titre', description: 'Description', notes: 'Notes', date: 'Date', starts_at: 'Date et heure', ends_at: 'Fin', due_date: "Date d'échéance", deadline: 'Date limite',
    amount: 'Montant', price: 'Prix', cost: 'Coût', total: 'Total', budget: 'Budget', status: 'Statut', stage: 'Étape', category: 'Catégorie', priority: 'Priorité', rating: 'Note', score: 'Score',
    points: 'Points', votes: 'Votes', wins: 'Victoires', email: 'E-mail', phone: 'Téléphone', location: 'Lieu', address: 'Adresse', quantity: 'Quantité', tags: 'Étiquettes', done: 'Fait',
    time_of_day: 'Moment de la journée', type: 'Type', capacity: 'Capacité', duration: 'Durée', ingredients: 'Ingrédients', instructions: 'Instructions', cooking_time: 'Temps de cuisson',
    servings: 'Portions', paid_by: 'Payé par', shared_among: 'Partagé entre', assigned_to: 'Assigné à', company: 'Entreprise', availability: 'Disponibilités', skills: 'Compétences',
    start_date: 'Date de début', end_date: 'Date de fin', destination: 'Destination', author: 'Auteur', genre: 'Genre', artist: 'Artiste', album: 'Album', year: 'Année', content: 'Contenu',
    frequency: 'Fréquence', active: 'Actif', photo_url: 'Photo', url: 'Lien', size: 'Taille', level: 'Niveau', day: 'Jour', sku: 'Référence', role: 'Rôle', grade: 'Note', paid: 'Payé',
    watched: 'Vu', favorite: 'Favori', progress: 'Progression', target_date: 'Date cible', species: 'Espèce', client: 'Client', customer: 'Client', industry: 'Secteur', website: 'Site web',
  },
  de: {
    name: 'Name', title: 'Titel', description: 'Beschreibung', notes: 'Notizen', date: 'Datum', starts_at: 'Datum und Uhrzeit', ends_at: 'Ende', due_date: 'Fälligkeitsdatum', deadline: 'Frist',
    amount: 'Betrag', price: 'Preis', cost: 'Kosten', total: 'Summe', budget: 'Budget', status: 'Status', stage: 'Phase', category: 'Kategorie', priority: 'Priorität', rating: 'Bewertung', score: 'Punktzahl',
    points: 'Punkte', votes: 'Stimmen', wins: 'Siege', email: 'E-Mail', phone: 'Telefon', location: 'Ort', address: 'Adresse', quantity: 'Menge', tags: 'Schlagworte', done: 'Erledigt',
    time_of_day: 'Tageszeit', type: 'Art', capacity: 'Kapazität', duration: 'Dauer', ingredients: 'Zutaten', instructions: 'Anleitung', cooking_time: 'Kochzeit', servings: 'Portionen',
    paid_by: 'Bezahlt von', shared_among: 'Geteilt zwischen', shared_between: 'Geteilt zwischen', split_between: 'Aufgeteilt zwischen', assigned_to: 'Zugewiesen an', company: 'Firma',
    availability: 'Verfügbarkeit', skills: 'Fähigkeiten', start_date: 'Startdatum', end_date: 'Enddatum', destination: 'Ziel', author: 'Autor', genre: 'Genre', artist: 'Künstler', album: 'Album',
    year: 'Jahr', content: 'Inhalt', frequency: 'Häufigkeit', active: 'Aktiv', photo_url: 'Foto', url: 'Link', size: 'Größe', level: 'Stufe', day: 'Tag', sku: 'Artikelnummer', role: 'Rolle',
    grade: 'Note', paid: 'Bezahlt', watched: 'Gesehen', favorite: 'Favorit', progress: 'Fortschritt', target_date: 'Zieldatum', species: 'Art', client: 'Kunde', customer: 'Kunde', industry: 'Branche', website: 'Website',
  },
  es: {
    name: 'Nombre', title: 'Título', description: 'Descripción', notes: 'Notas', date: 'Fecha', starts_at: 'Fecha y hora', ends_at: 'Fin', due_date: 'Fecha límite', deadline: 'Fecha límite',
    amount: 'Importe', price: 'Precio', cost: 'Coste', total: 'Total', budget: 'Presupuesto', status: 'Estado', stage: 'Etapa', category: 'Categoría', priority: 'Prioridad', rating: 'Valoración',
    score: 'Puntuación', points: 'Puntos', votes: 'Votos', wins: 'Victorias', email: 'Correo', phone: 'Teléfono', location: 'Lugar', address: 'Dirección', quantity: 'Cantidad', tags: 'Etiquetas',
    done: 'Hecho', time_of_day: 'Franja horaria', type: 'Tipo', capacity: 'Capacidad', duration: 'Duración', ingredients: 'Ingredientes', instructions: 'Instrucciones',
    cooking_time: 'Tiempo de cocción', servings: 'Porciones', paid_by: 'Pagado por', shared_among: 'Compartido entre', assigned_to: 'Asignado a', company: 'Empresa', availability: 'Disponibilidad',
    skills: 'Habilidades', start_date: 'Fecha de inicio', end_date: 'Fecha de fin', destination: 'Destino', author: 'Autor', genre: 'Género', artist: 'Artista', album: 'Álbum', year: 'Año',
    content: 'Contenido', frequency: 'Frecuencia', active: 'Activo', photo_url: 'Foto', url: 'Enlace', size: 'Tamaño', level: 'Nivel', day: 'Día', sku: 'Referencia', role: 'Rol', grade: 'Nota',
    paid: 'Pagado', watched: 'Visto', favorite: 'Favorito', progress: 'Progreso', target_date: 'Fecha objetivo', species: 'Especie', client: 'Cliente', customer: 'Cliente', industry: 'Sector', website: 'Sitio web',
  },
};

/** The planner's own choices in each language; choices the prompt names keep the user's words. */
export const OPTION_LABELS: Record<OtherLanguage, Record<string, string>> = {
  fr: {
    'To do': 'À faire', 'In progress': 'En cours', Done: 'Terminé', Low: 'Basse', Medium: 'Moyenne', High: 'Haute', General: 'Général', Other: 'Autre', Personal: 'Personnel', Work: 'Travail',
    Morning: 'Matin', Afternoon: 'Après-midi', Evening: 'Soir', Night: 'Nuit', Planned: 'Prévu', Active: 'Actif', 'On hold': 'En pause', Open: 'Ouvert', Closed: 'Fermé', Confirmed: 'Confirmé',
    Cancelled: 'Annulé', Requested: 'Demandé', Completed: 'Terminé', Important: 'Important', Favorite: 'Favori', Later: 'Plus tard', Idea: 'Idée', Daily: 'Quotidien', Weekly: 'Hebdomadaire', Monthly: 'Mensuel',
    Food: 'Alimentation', Transport: 'Transport', Housing: 'Logement', Utilities: 'Charges', Entertainment: 'Loisirs', Health: 'Santé', New: 'Nouveau', Paid: 'Payé', Sent: 'Envoyé', Draft: 'Brouillon', Overdue: 'En retard',
  },
  de: {
    'To do': 'Offen', 'In progress': 'In Arbeit', Done: 'Erledigt', Low: 'Niedrig', Medium: 'Mittel', High: 'Hoch', General: 'Allgemein', Other: 'Sonstiges', Personal: 'Privat', Work: 'Arbeit',
    Morning: 'Morgen', Afternoon: 'Nachmittag', Evening: 'Abend', Night: 'Nacht', Planned: 'Geplant', Active: 'Aktiv', 'On hold': 'Pausiert', Open: 'Offen', Closed: 'Geschlossen', Confirmed: 'Bestätigt',
    Cancelled: 'Abgesagt', Requested: 'Angefragt', Completed: 'Abgeschlossen', Important: 'Wichtig', Favorite: 'Favorit', Later: 'Später', Idea: 'Idee', Daily: 'Täglich', Weekly: 'Wöchentlich', Monthly: 'Monatlich',
    Food: 'Essen', Transport: 'Transport', Housing: 'Wohnen', Utilities: 'Nebenkosten', Entertainment: 'Freizeit', Health: 'Gesundheit', New: 'Neu', Paid: 'Bezahlt', Sent: 'Gesendet', Draft: 'Entwurf', Overdue: 'Überfällig',
  },
  es: {
    'To do': 'Pendiente', 'In progress': 'En curso', Done: 'Hecho', Low: 'Baja', Medium: 'Media', High: 'Alta', General: 'General', Other: 'Otro', Personal: 'Personal', Work: 'Trabajo',
    Morning: 'Mañana', Afternoon: 'Tarde', Evening: 'Noche', Night: 'Noche', Planned: 'Previsto', Active: 'Activo', 'On hold': 'En pausa', Open: 'Abierto', Closed: 'Cerrado', Confirmed: 'Confirmado',
    Cancelled: 'Cancelado', Requested: 'Solicitado', Completed: 'Completado', Important: 'Importante', Favorite: 'Favorito', Later: 'Más tarde', Idea: 'Idea', Daily: 'Diario', Weekly: 'Semanal', Monthly: 'Mensual',
    Food: 'Comida', Transport: 'Transporte', Housing: 'Vivienda', Utilities: 'Suministros', Entertainment: 'Ocio', Health: 'Salud', New: 'Nuevo', Paid: 'Pagado', Sent: 'Enviado', Draft: 'Borrador', Overdue: 'Vencido',
  },
};

/** Hints shown beside an input; `currency` is not shown (it says how to format a number) and stays as it is. */
export const HINT_LABELS: Record<OtherLanguage, Record<string, string>> = {
  fr: { minutes: 'minutes', hours: 'heures', days: 'jours', 'e-mail address': 'adresse e-mail', 'phone number': 'numéro de téléphone', URL: 'URL', 'image URL': "URL d'image", people: 'personnes', 'one per line': 'un par ligne', 'one step per line': 'une étape par ligne' },
  de: { minutes: 'Minuten', hours: 'Stunden', days: 'Tage', 'e-mail address': 'E-Mail-Adresse', 'phone number': 'Telefonnummer', URL: 'URL', 'image URL': 'Bild-URL', people: 'Personen', 'one per line': 'eine pro Zeile', 'one step per line': 'ein Schritt pro Zeile' },
  es: { minutes: 'minutos', hours: 'horas', days: 'días', 'e-mail address': 'correo electrónico', 'phone number': 'número de teléfono', URL: 'URL', 'image URL': 'URL de imagen', people: 'personas', 'one per line': 'uno por línea', 'one step per line': 'un paso por línea' },
};

/** The app's kind word (last word of an English name) in each language. */
export const KIND_LABELS: Record<OtherLanguage, Record<string, string>> = {
  fr: { manager: 'Gestionnaire', tracker: 'Suivi', planner: 'Planificateur', scheduler: 'Planning', board: 'Tableau', list: 'Liste', log: 'Journal', journal: 'Journal', splitter: 'Partage', leaderboard: 'Classement', inventory: 'Inventaire', catalog: 'Catalogue', directory: 'Annuaire', library: 'Bibliothèque', roster: 'Liste', crm: 'CRM' },
  de: { manager: 'Verwaltung', tracker: 'Tracker', planner: 'Planer', scheduler: 'Planer', board: 'Board', list: 'Liste', log: 'Tagebuch', journal: 'Tagebuch', splitter: 'Teiler', leaderboard: 'Rangliste', inventory: 'Inventar', catalog: 'Katalog', directory: 'Verzeichnis', library: 'Bibliothek', roster: 'Liste', crm: 'CRM' },
  es: { manager: 'Gestor', tracker: 'Seguimiento', planner: 'Planificador', scheduler: 'Planificador', board: 'Tablero', list: 'Lista', log: 'Registro', journal: 'Diario', splitter: 'Divisor', leaderboard: 'Clasificación', inventory: 'Inventario', catalog: 'Catálogo', directory: 'Directorio', library: 'Biblioteca', roster: 'Lista', crm: 'CRM' },
};

/** Fixed texts of a plan: page titles (`{label}`, `{singular}`, `{field}` filled in) and the description's verb and "and". */
export const UI_TEXTS: Record<AppLanguage, { appFor: string; form: string; board: string; calendar: string; ranking: string; signIn: string; manage: string; and: string; kindJoin: string; fallbackKind: string }> = {
  en: { appFor: '{subject} App', form: 'New {singular}', board: '{label} by {field}', calendar: '{label} calendar', ranking: '{label} ranking', signIn: 'Sign in', manage: 'Manage', and: 'and', kindJoin: '{subject} {kind}', fallbackKind: 'Tracker' },
  fr: { appFor: 'Appli {subject}', form: 'Ajouter : {singular}', board: '{label} par {field}', calendar: 'Calendrier : {label}', ranking: 'Classement : {label}', signIn: 'Connexion', manage: 'Gérez vos', and: 'et', kindJoin: '{kind} de {subject}', fallbackKind: 'Gestionnaire' },
  de: { appFor: '{subject}-App', form: 'Neu: {singular}', board: '{label} nach {field}', calendar: 'Kalender: {label}', ranking: 'Rangliste: {label}', signIn: 'Anmelden', manage: 'Verwalten Sie Ihre', and: 'und', kindJoin: '{subject}-{kind}', fallbackKind: 'Verwaltung' },
  es: { appFor: 'App {subject}', form: 'Nuevo: {singular}', board: '{label} por {field}', calendar: 'Calendario: {label}', ranking: 'Clasificación: {label}', signIn: 'Iniciar sesión', manage: 'Gestiona tus', and: 'y', kindJoin: '{kind} de {subject}', fallbackKind: 'Gestor' },
};
