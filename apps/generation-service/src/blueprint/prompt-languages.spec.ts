// French, German and Spanish prompts read through their words' other number, German cases, first-person verbs and
// the stages a thing moves through: each asserts the plan a user would see, in the user's words.
import { planApp } from './plan-app';
import { entity, field, names, views } from './plan-lookup.testing';

describe('planApp reads a word in either number as one thing', () => {
  it('German first-person verbs ("Ich verwalte Ferienwohnungen: …") open no thing of their own', () => {
    const plan = planApp('Ich verwalte Ferienwohnungen: Wohnungen, Gäste und Buchungen mit Anreise, Abreise und Preis.');
    expect(plan.entities.map((entity) => entity.name)).toEqual(['wohnungen', 'gaste', 'buchungen']);
    expect(plan.name).not.toMatch(/verwalte|run/i);
  });

  it('keeps the values of a choice in the user\'s words, several words each: "(à faire, en cours, livrée)", "pendiente, en curso o terminada"', () => {
    const fr = planApp('Une appli pour mon atelier de couture : clientes, commandes avec une date de livraison et un statut (à faire, en cours, livrée), et le prix.');
    expect(fr.entities.flatMap((entity) => entity.fields).find((candidate) => candidate.options?.includes('Livrée'))?.options).toEqual(['À faire', 'En cours', 'Livrée']);
    const es = planApp('Una app para mi taller de bicicletas: clientes, bicis y reparaciones; cada reparación tiene un estado: pendiente, en curso o terminada.');
    expect(es.entities.flatMap((entity) => entity.fields).find((candidate) => candidate.options?.includes('Terminada'))?.options).toEqual(['Pendiente', 'En curso', 'Terminada']);
    const de = planApp('Ich möchte meine Wanderungen verwalten: Datum, Strecke und Schwierigkeit leicht, mittel oder schwer.');
    expect(de.entities.flatMap((entity) => entity.fields).find((candidate) => candidate.options?.includes('Leicht'))?.options).toEqual(['Leicht', 'Mittel', 'Schwer']);
  });

  it('Spanish "sus barcos … cada barco": one thing named with the user\'s plural, the other thing belongs to it', () => {
    const plan = planApp('Una app para el puerto: socios, sus barcos y las revisiones de cada barco con una fecha y un precio');
    expect(plan.language).toBe('es');
    expect(names(plan)).toEqual(['socios', 'barcos', 'revisiones']);
    expect(entity(plan, 'barcos')).toMatchObject({ label: 'Barcos', label_singular: 'Barco' });
    expect(field(plan, 'revisiones', 'barco')).toMatchObject({ type: 'reference', entity: 'barcos' });
  });

  it('Spanish plurals in -es ("los trabajadores … cada trabajador") are the same thing as their singular', () => {
    const plan = planApp('Una app para la granja: los trabajadores y las tareas de cada trabajador con una fecha');
    expect(names(plan)).toEqual(['trabajadores', 'tareas']);
    expect(entity(plan, 'trabajadores')).toMatchObject({ label: 'Trabajadores', label_singular: 'Trabajador' });
    expect(field(plan, 'tareas', 'trabajador')).toMatchObject({ type: 'reference', entity: 'trabajadores' });
  });

  it('French plurals in -x ("les créneaux … chaque créneau") are one thing, named "Créneau" in the singular', () => {
    const plan = planApp('Une appli pour notre jardin partagé : les jardiniers, les outils et les emprunts de chaque outil avec une date');
    expect(plan.language).toBe('fr');
    expect(names(plan)).toContain('outils');
    expect(names(plan).filter((name) => name.startsWith('outil'))).toEqual(['outils']);
    expect(entity(plan, 'outils')).toMatchObject({ label: 'Outils', label_singular: 'Outil' });
  });

  it('a Spanish singular whose plural alone is in the lexicon ("cada participante") is the same thing as that plural', () => {
    const plan = planApp('Una app para el torneo: los participantes y las partidas de cada participante con fecha y resultado.');
    expect(names(plan)).toEqual(['participantes', 'partidas']);
    expect(entity(plan, 'participantes')).toMatchObject({ label: 'Participantes', label_singular: 'Participante' });
    expect(field(plan, 'partidas', 'participante')).toMatchObject({ type: 'reference', entity: 'participantes' });
  });

  it('a French plural whose singular alone is in the lexicon ("les salles") is the same thing as that singular', () => {
    const plan = planApp('Une application pour réserver les salles de notre association : chaque réservation a une salle, une date et un prix');
    expect(names(plan)).toContain('salles');
    expect(names(plan).filter((name) => name.startsWith('salle'))).toEqual(['salles']);
    expect(field(plan, 'reservations', 'salle')).toMatchObject({ type: 'reference', entity: 'salles' });
  });
});

describe('planApp names German things in the nominative', () => {
  it('"mit Kursleitern, Teilnehmern und Kursstunden": dative plurals listed after "mit" name the things as the user does', () => {
    const plan = planApp('Ich brauche eine App für meine Tanzschule mit Kursleitern, Tänzern und Kursstunden. Jede Kursstunde gehört zu einem Kursleiter und hat Datum und Uhrzeit und einen Preis.');
    expect(plan.language).toBe('de');
    expect(names(plan)).toEqual(['kursleiter', 'tanzer', 'kursstunden']);
    expect(entity(plan, 'kursleiter')).toMatchObject({ label: 'Kursleiter', label_singular: 'Kursleiter' });
    expect(entity(plan, 'kursstunden')).toMatchObject({ label: 'Kursstunden', label_singular: 'Kursstunde' });
    expect(field(plan, 'kursstunden', 'kursleiter')).toMatchObject({ type: 'reference', entity: 'kursleiter' });
    expect(views(plan, 'kursstunden')).toContain('calendar:datum_und_uhrzeit');
  });
});

describe('planApp reads a word of one form in both numbers by its article', () => {
  it('French "je gère une école … les cours. Chaque cours a un élève": the school is who runs the app, a course is "Cours"', () => {
    const plan = planApp('Je gère une petite école de danse et je voudrais une appli pour suivre les élèves, les professeurs et les cours. Chaque cours a un élève, un professeur, une date et un tarif.');
    expect(names(plan)).toEqual(['eleves', 'professeurs', 'cours']);
    expect(entity(plan, 'cours')).toMatchObject({ label: 'Cours', label_singular: 'Cours' });
    expect(field(plan, 'cours', 'eleve')).toMatchObject({ type: 'reference', entity: 'eleves' });
    expect(field(plan, 'cours', 'professeur')).toMatchObject({ type: 'reference', entity: 'professeurs' });
  });
});

describe('planApp reads German genitives and plurals as the thing the user names', () => {
  it('"die Manuskripte eines Lektors": a genitive singular is the same thing as the plural "Lektoren"', () => {
    const plan = planApp('Eine App für unseren Verlag: Lektoren und die Manuskripte eines Lektors mit Datum und Seitenzahl.');
    expect(names(plan)).toEqual(['lektoren', 'manuskripte']);
    expect(entity(plan, 'lektoren')).toMatchObject({ label: 'Lektoren', label_singular: 'Lektor' });
    expect(field(plan, 'manuskripte', 'lektor')).toMatchObject({ type: 'reference', entity: 'lektoren' });
  });

  it('"die Hufschmiedtermine jedes Pferdes": "of each horse", the appointments belong to the horse, and "Rasse" stays a noun', () => {
    const plan = planApp('Wir sind ein kleiner Reitstall und brauchen eine App: Pferde mit Rasse und die Hufschmiedtermine jedes Pferdes mit Datum und Preis.');
    expect(names(plan)).toEqual(['pferde', 'hufschmiedtermine']);
    expect(entity(plan, 'pferde')).toMatchObject({ label: 'Pferde', label_singular: 'Pferd' });
    expect(field(plan, 'pferde', 'rasse')).toMatchObject({ label: 'Rasse' });
    expect(field(plan, 'hufschmiedtermine', 'pferd')).toMatchObject({ type: 'reference', entity: 'pferde' });
  });

  it('"die Noten jedes Schülers": a word of one form in both numbers is singular after a singular article, and "unsere Klassen" stays plural', () => {
    const plan = planApp('Wir möchten unsere Klassen verwalten: Schüler in Klassen, Lehrer und die Noten jedes Schülers.');
    expect(names(plan)).toEqual(['klassen', 'schuler', 'lehrer', 'noten']);
    expect(field(plan, 'schuler', 'klasse')).toMatchObject({ type: 'reference', entity: 'klassen' });
    expect(entity(plan, 'noten').fields.filter((candidate) => candidate.entity === 'schuler')).toHaveLength(1);
  });

  it('"Kunden, ihre Fahrräder und die Reparaturen jedes Fahrrads": an umlaut plural and its genitive singular are one thing', () => {
    const plan = planApp('Wir brauchen eine App für unsere Werkstatt: Kunden, ihre Fahrräder und die Reparaturen jedes Fahrrads mit Preis.');
    expect(names(plan)).toEqual(['kunden', 'fahrrader', 'reparaturen']);
    expect(entity(plan, 'fahrrader')).toMatchObject({ label: 'Fahrräder', label_singular: 'Fahrrad' });
    expect(entity(plan, 'reparaturen')).toMatchObject({ label: 'Reparaturen', label_singular: 'Reparatur' });
    expect(field(plan, 'fahrrader', 'kunde')).toMatchObject({ type: 'reference', entity: 'kunden' });
    expect(field(plan, 'reparaturen', 'fahrrad')).toMatchObject({ type: 'reference', entity: 'fahrrader' });
  });

  it('"Kinder … Jedes Kind": the singular is never read as the English word "kind"', () => {
    const plan = planApp('Verwaltung für unsere Kita: Kinder, Eltern und Gruppen. Jedes Kind gehört zu einer Gruppe.');
    expect(entity(plan, 'kinder')).toMatchObject({ label: 'Kinder', label_singular: 'Kind' });
    expect(field(plan, 'kinder', 'gruppe')).toMatchObject({ type: 'reference', entity: 'gruppen' });
    expect(entity(plan, 'kinder').fields.map((candidate) => candidate.label)).not.toContain('Art');
  });
});

describe('planApp never takes a verb of another language for a thing', () => {
  it('French "nous voulons suivre les chevaux … chaque cheval": one thing, the other belongs to it', () => {
    const plan = planApp('Nous sommes une petite ferme et nous voulons suivre les chevaux et les soins de chaque cheval avec une date et un coût.');
    expect(plan.language).toBe('fr');
    expect(names(plan)).toEqual(['chevaux', 'soins']);
    expect(entity(plan, 'chevaux')).toMatchObject({ label: 'Chevaux', label_singular: 'Cheval' });
    expect(field(plan, 'soins', 'cheval')).toMatchObject({ type: 'reference', entity: 'chevaux' });
  });

  it('French "chaque commande passe par reçue, en préparation, livrée et payée": a board of the user\'s stages', () => {
    const plan = planApp('Une appli pour ma boutique de fleurs : les bouquets et les commandes de chaque client. Chaque commande passe par reçue, en préparation, livrée et payée.');
    const stage = entity(plan, 'commandes').fields.find((candidate) => candidate.options?.includes('En préparation'));
    expect(stage?.options).toEqual(['Reçue', 'En préparation', 'Livrée', 'Payée']);
    expect(views(plan, 'commandes')).toContain(`board:${stage?.name}`);
  });


  it('Spanish "necesitamos controlar", "los materiales comprados para cada obra": verbs, not things; the stages are a board', () => {
    const plan = planApp('Somos un pequeño taller y necesitamos controlar los encargos, los carpinteros asignados a cada encargo y las maderas compradas para cada encargo con su coste. Cada encargo pasa por pedido, en preparación, entregado y cobrado.');
    expect(plan.language).toBe('es');
    expect(names(plan)).toEqual(['encargos', 'carpinteros', 'maderas']);
    expect(field(plan, 'carpinteros', 'asignado_a')).toMatchObject({ type: 'reference', entity: 'encargos' });
    expect(field(plan, 'maderas', 'encargo')).toMatchObject({ type: 'reference', entity: 'encargos' });
    const stage = entity(plan, 'encargos').fields.find((candidate) => candidate.type === 'select' && candidate.options?.includes('En preparación'));
    expect(stage?.options).toEqual(['Pedido', 'En preparación', 'Entregado', 'Cobrado']);
    expect(views(plan, 'encargos')).toContain(`board:${stage?.name}`);
  });

  it('Spanish "quiero llevar el control de los socios … cada socio a cada clase": what is kept, not the verbs', () => {
    const plan = planApp('Llevo un gimnasio y quiero llevar el control de los socios, las clases y las asistencias de cada socio a cada clase.');
    expect(names(plan)).toEqual(['socios', 'clases', 'asistencias']);
    expect(field(plan, 'asistencias', 'socio')).toMatchObject({ type: 'reference', entity: 'socios' });
    expect(field(plan, 'asistencias', 'clase')).toMatchObject({ type: 'reference', entity: 'clases' });
  });

  it('French "passent par les étapes suivantes : …": the stages after the colon are the board\'s, in the user\'s words', () => {
    const plan = planApp('Les candidats passent par les étapes suivantes : candidature, entretien, offre et embauché. Chaque candidat a un poste.');
    expect(names(plan)).toEqual(['candidats']);
    const stage = entity(plan, 'candidats').fields.find((candidate) => candidate.type === 'select');
    expect(stage?.options).toEqual(['Candidature', 'Entretien', 'Offre', 'Embauché']);
    expect(views(plan, 'candidats')).toContain(`board:${stage?.name}`);
  });

  it('Spanish "cada reparación pasa por: recibida, …": stages after a colon are a board, and the thing keeps its accent', () => {
    const plan = planApp('Cada reparación pasa por: recibida, en diagnóstico, reparada y entregada. Los clientes traen sus móviles.');
    expect(entity(plan, 'reparaciones')).toMatchObject({ label: 'Reparaciones', label_singular: 'Reparación' });
    const stage = entity(plan, 'reparaciones').fields.find((candidate) => candidate.type === 'select');
    expect(stage?.options).toEqual(['Recibida', 'En diagnóstico', 'Reparada', 'Entregada']);
    expect(entity(plan, 'reparaciones').fields.map((candidate) => candidate.name)).not.toContain('recibida');
    expect(views(plan, 'reparaciones')).toContain(`board:${stage?.name}`);
  });

  it('Spanish "alquilamos las bicis": a first person plural no table knows is not a thing', () => {
    const plan = planApp('Tenemos una tienda de bicis: alquilamos las bicis a clientes y cada alquiler tiene una fecha y un precio');
    expect(names(plan)).not.toContain('alquilamos');
    expect(names(plan)).toContain('alquileres');
  });
});

describe('planApp reads yes/no facts and deeds in other languages', () => {
  it('"si l\'autorisation est signée", "si la fianza está pagada", "einen Haken für abgeholt": a yes/no field in the user\'s word', () => {
    const camp = planApp("Colonie de vacances : les enfants et les chalets. Pour chaque enfant on note ses allergies et si l'autorisation parentale est signée.");
    expect(camp.entities.flatMap((candidate) => candidate.fields).find((candidate) => candidate.type === 'boolean' && /sign/i.test(candidate.label))?.label).toMatch(/signée/i);
    const farm = planApp('Hofladen: Kunden und Bestellungen; jede Bestellung gehört zu einem Kunden, hat einen Gesamtpreis und einen Haken für abgeholt.');
    expect(farm.entities.flatMap((candidate) => candidate.fields).find((candidate) => candidate.type === 'boolean')?.label).toMatch(/abgeholt/i);
  });

  it('"je livre des fûts aux bars … chaque livraison": the deliveries point at the kegs and the bars, kept in the user\'s words', () => {
    const plan = planApp('Je gère une microbrasserie et je livre des fûts aux bars du coin. Pour chaque livraison : le bar, le prix et la date.');
    const deliveries = plan.entities.find((candidate) => candidate.name === 'livraisons');
    expect(deliveries?.fields.filter((candidate) => candidate.type === 'reference').map((candidate) => candidate.entity).sort()).toEqual(['bars', 'futs']);
  });

  it('French "chaque location est au nom d\'un client": a rental, in the user\'s word, that points at its client', () => {
    const plan = planApp('Base de canoës : les clients et les locations. Chaque location est au nom d’un client, avec une date et le prix.');
    expect(field(plan, 'locations', 'client')).toMatchObject({ type: 'reference', entity: 'clients' });
    expect(names(plan)).not.toContain('noms');
  });
});
