<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU" sourcelanguage="en_US">
<context>
    <name>GlossaryDock</name>
    <message>
        <source>Glossary</source>
        <translation>Глоссарий</translation>
    </message>
    <message>
        <source>Search terms and definitions (RU or EN)</source>
        <translation>Поиск по терминам и определениям (RU или EN)</translation>
    </message>
    <message>
        <source>Search the glossary</source>
        <translation>Поиск в глоссарии</translation>
    </message>
    <message>
        <source>Glossary terms</source>
        <translation>Термины глоссария</translation>
    </message>
    <message>
        <source>Definition</source>
        <translation>Определение</translation>
    </message>
    <message>
        <source>Disclaimer</source>
        <translation>Оговорка</translation>
    </message>
    <message>
        <source>Show the glossary in the other language</source>
        <translation>Показать глоссарий на другом языке</translation>
    </message>
    <message>
        <source>No term or definition contains “{text}”.</source>
        <translation>Ни один термин или определение не содержит «{text}».</translation>
    </message>
</context>
<context>
    <name>GlossaryLink</name>
    <message>
        <source>Open “{term}” in the glossary</source>
        <translation>Открыть «{term}» в глоссарии</translation>
    </message>
</context>
<context>
    <name>MainActions</name>
    <message>
        <source>&amp;New Plan</source>
        <translation>&amp;Новый план</translation>
    </message>
    <message>
        <source>Start a new plan in the wizard</source>
        <translation>Начать новый план в мастере</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>&amp;Поиск…</translation>
    </message>
    <message>
        <source>Search the current page or the glossary</source>
        <translation>Искать на текущей странице или в глоссарии</translation>
    </message>
    <message>
        <source>&amp;Glossary</source>
        <translation>&amp;Глоссарий</translation>
    </message>
    <message>
        <source>Open the glossary panel</source>
        <translation>Открыть панель глоссария</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Настройки…</translation>
    </message>
    <message>
        <source>Language, tax, runtime and catalog</source>
        <translation>Язык, налог, среда выполнения и каталог</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <source>Close the application</source>
        <translation>Закрыть приложение</translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translation>&amp;План</translation>
    </message>
    <message>
        <source>Show the plan page</source>
        <translation>Показать страницу плана</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;История</translation>
    </message>
    <message>
        <source>Show saved quotes and orders</source>
        <translation>Показать сохранённые сметы и заказы</translation>
    </message>
    <message>
        <source>&amp;About AnchorGPU Planner</source>
        <translation>&amp;О программе AnchorGPU Planner</translation>
    </message>
    <message>
        <source>Version and catalog</source>
        <translation>Версия и каталог</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Plan</source>
        <translation>План</translation>
    </message>
    <message>
        <source>History</source>
        <translation>История</translation>
    </message>
    <message>
        <source>AnchorGPU Planner</source>
        <translation>AnchorGPU Planner</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Правка</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>Toolbar</source>
        <translation>Панель инструментов</translation>
    </message>
    <message>
        <source>Plan a GPU rental</source>
        <translation>Планирование аренды GPU</translation>
    </message>
    <message>
        <source>Describe the job, pick a model and a GPU offer, and see the memory fit and the price for a fixed term. Start with File → New Plan (Ctrl+N).</source>
        <translation>Опишите задачу, выберите модель и предложение GPU — и увидите, помещается ли задача в память, и цену за фиксированный срок. Начните с Файл → Новый план (Ctrl+N).</translation>
    </message>
    <message>
        <source>Saved quotes and orders</source>
        <translation>Сохранённые сметы и заказы</translation>
    </message>
    <message>
        <source>Quotes you save and orders you place are listed here, offline.</source>
        <translation>Здесь перечислены сохранённые вами сметы и размещённые заказы — без подключения к сети.</translation>
    </message>
    <message>
        <source>Database: {path}</source>
        <translation>База данных: {path}</translation>
    </message>
    <message>
        <source>Catalog {id} as of {date}</source>
        <translation>Каталог {id} на {date}</translation>
    </message>
    <message>
        <source>The catalog bundled with the app</source>
        <translation>Каталог, поставляемый с приложением</translation>
    </message>
    <message>
        <source>Settings: {problem}</source>
        <translation>Настройки: {problem}</translation>
    </message>
    <message>
        <source>The imported catalog cannot be used, the bundled one is: {problem}</source>
        <translation>Импортированный каталог нельзя использовать, используется встроенный: {problem}</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;AnchorGPU Planner {version}&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Plans GPU rentals from the AnchorGPU catalog: memory fit, parallel strategies, fixed-term prices and a local history, all offline.&lt;/p&gt;&lt;p&gt;Catalog {id} as of {date}.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;AnchorGPU Planner {version}&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Планирует аренду GPU по каталогу AnchorGPU: размещение в памяти, стратегии параллелизма, цены на фиксированный срок и локальная история — всё без подключения к сети.&lt;/p&gt;&lt;p&gt;Каталог {id} на {date}.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About AnchorGPU Planner</source>
        <translation>О программе AnchorGPU Planner</translation>
    </message>
    <message>
        <source>Now using catalog {id} as of {date}.</source>
        <translation>Теперь используется каталог {id} на {date}.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Catalog {id} as of {date} ({count} GPUs) will be used after OK.</source>
        <translation>Каталог {id} на {date} (GPU: {count}) будет использован после нажатия «OK».</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>System default ({language})</source>
        <translation>Как в системе ({language})</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Язык:</translation>
    </message>
    <message>
        <source>&amp;Tax rate, %:</source>
        <translation>&amp;Ставка налога, %:</translation>
    </message>
    <message>
        <source>&amp;Runtime reserve per GPU:</source>
        <translation>&amp;Резерв среды выполнения на GPU:</translation>
    </message>
    <message>
        <source>Data folder:</source>
        <translation>Папка данных:</translation>
    </message>
    <message>
        <source>History database:</source>
        <translation>База данных истории:</translation>
    </message>
    <message>
        <source>Takes effect at once, no restart needed</source>
        <translation>Применяется сразу, без перезапуска</translation>
    </message>
    <message>
        <source>Tax added to quotes; catalog prices exclude tax</source>
        <translation>Налог, добавляемый к сметам; цены каталога указаны без налога</translation>
    </message>
    <message>
        <source>Memory the CUDA or HIP context takes on every GPU; new plans start with it</source>
        <translation>Память, которую контекст CUDA или HIP занимает на каждом GPU; новые планы начинаются с этого значения</translation>
    </message>
    <message>
        <source>Enter a percentage from 0 to 100, e.g. 20</source>
        <translation>Введите процент от 0 до 100, например 20</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> ГиБ</translation>
    </message>
    <message>
        <source>GPU catalog</source>
        <translation>Каталог GPU</translation>
    </message>
    <message>
        <source>&amp;Import Catalog File…</source>
        <translation>&amp;Импортировать файл каталога…</translation>
    </message>
    <message>
        <source>Use &amp;Bundled Catalog</source>
        <translation>Использовать &amp;встроенный каталог</translation>
    </message>
    <message>
        <source>&amp;Open Data Folder</source>
        <translation>&amp;Открыть папку данных</translation>
    </message>
    <message>
        <source>bundled with the app</source>
        <translation>встроенный в приложение</translation>
    </message>
    <message>
        <source>In use: {id} as of {date}, {where}</source>
        <translation>Используется: {id} на {date}, {where}</translation>
    </message>
    <message>
        <source>Import GPU Catalog</source>
        <translation>Импорт каталога GPU</translation>
    </message>
    <message>
        <source>Catalog (*.json)</source>
        <translation>Каталог (*.json)</translation>
    </message>
    <message>
        <source>The bundled catalog will be used after OK.</source>
        <translation>Встроенный каталог будет использован после нажатия «OK».</translation>
    </message>
    <message>
        <source>Open Data Folder</source>
        <translation>Открыть папку данных</translation>
    </message>
    <message>
        <source>Cannot open {path}: no file manager is available.</source>
        <translation>Не удаётся открыть {path}: файловый менеджер недоступен.</translation>
    </message>
</context>
</TS>
